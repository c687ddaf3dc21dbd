/* A catalogue header's plural expression, read as glibc reads it: the
 * expression is found as intl/plural-exp.c finds it, cut into tokens as
 * intl/plural.y's yylex cuts them and parsed by plural.y's grammar, here
 * by precedence climbing. glibc evaluates it in unsigned long and divides
 * as written, so a division or remainder by zero raises SIGFPE (on
 * purpose). A divisor is therefore sound only as a literal number, perhaps
 * in parentheses, other than 0. Whatever this parser cannot read in full
 * is unsound, although glibc would use no expression for some of it:
 * a catalogue is refused rather than guessed at. */
#include "plural.h"

#include <string.h>

/* Real expressions nest a few levels (Arabic's, among the deepest, about
 * 10); deeper ones are refused, so neither this parser nor glibc's
 * evaluator recurses far. */
#define MAX_NESTING 32

/* yylex's tokens; the binary operators last, from the loosest to the
 * tightest as plural.y declares them (all left-associative). */
enum kind {
  END, ERROR, NUMBER, N, NOT, QUESTION, COLON, OPEN, CLOSE,
  OR, AND, EQUALITY, COMPARISON, ADDITIVE, MULTIPLICATIVE
};

struct token {
  enum kind kind;
  char first;           // the token's first character: '/' and '%' divide
  unsigned long value;  // a NUMBER's
};

/* yylex: blanks are ' ' and '\t' only; ';', '\n' and NUL end the
 * expression (and stay where they are, so END comes again); a NUMBER's
 * digits accumulate in unsigned long, wrapping (18446744073709551616 is
 * 0); a lone '=', '&' or '|', and every other character, is an error. */
static struct token lex(const char **at) {
  const char *p = *at;
  while (*p == ' ' || *p == '\t') p++;
  char c = *p;
  struct token token = {ERROR, c, 0};
  if (c == '\0' || c == ';' || c == '\n') {
    *at = p;
    token.kind = END;
    return token;
  }
  p++;
  if (c >= '0' && c <= '9') {
    token.kind = NUMBER;
    token.value = (unsigned long)(c - '0');
    while (*p >= '0' && *p <= '9') token.value = token.value * 10 + (unsigned long)(*p++ - '0');
  } else if ((c == '=' || c == '!') && *p == '=') {
    p++;
    token.kind = EQUALITY;
  } else if ((c == '&' || c == '|') && *p == c) {
    p++;
    token.kind = c == '&' ? AND : OR;
  } else if (c == '<' || c == '>') {
    if (*p == '=') p++;
    token.kind = COMPARISON;
  } else if (c == '+' || c == '-') {
    token.kind = ADDITIVE;
  } else if (c == '*' || c == '/' || c == '%') {
    token.kind = MULTIPLICATIVE;
  } else {
    static const char singles[] = "!n?:()";
    static const enum kind kinds[] = {NOT, N, QUESTION, COLON, OPEN, CLOSE};
    const char *single = strchr(singles, c);
    if (single != NULL) token.kind = kinds[single - singles];
  }
  *at = p;
  return token;
}

struct parser {
  const char *at;
  struct token next;  // one token of lookahead
};

static void advance(struct parser *parser) { parser->next = lex(&parser->at); }

/* A subexpression read: the height of glibc's tree for it (0: unsound),
 * and whether it is a literal number (parentheses keep no node in glibc's
 * tree, so "(5)" is one) and its value. */
struct node {
  int height;
  int literal;
  unsigned long value;
};

static const struct node unsound = {0, 0, 0};

/* The node of an operator over operands at most `height` high. */
static struct node operation(int height) {
  return height >= MAX_NESTING ? unsound : (struct node){height + 1, 0, 0};
}

static struct node conditional(struct parser *parser, int depth);

/* '!' exp | 'n' | NUMBER | '(' exp ')': '!' binds tighter than every
 * binary operator (%right '!', declared last). `depth` counts the
 * parentheses and operators this one is inside. */
static struct node unary(struct parser *parser, int depth) {
  if (depth > MAX_NESTING) return unsound;
  struct token token = parser->next;
  advance(parser);
  if (token.kind == N) return (struct node){1, 0, 0};
  if (token.kind == NUMBER) return (struct node){1, 1, token.value};
  if (token.kind == NOT) {
    struct node operand = unary(parser, depth + 1);
    return operand.height != 0 ? operation(operand.height) : unsound;
  }
  if (token.kind != OPEN) return unsound;
  struct node inner = conditional(parser, depth + 1);
  if (inner.height == 0 || parser->next.kind != CLOSE) return unsound;
  advance(parser);
  return inner;
}

/* The binary operators of `kind` and tighter, left-associative. */
static struct node binary(struct parser *parser, enum kind kind, int depth) {
  struct node left = kind == MULTIPLICATIVE ? unary(parser, depth) : binary(parser, kind + 1, depth);
  while (left.height != 0 && parser->next.kind == kind) {
    char operator = parser->next.first;
    advance(parser);
    struct node right = kind == MULTIPLICATIVE ? unary(parser, depth + 1) : binary(parser, kind + 1, depth + 1);
    if (right.height == 0) return unsound;
    // glibc divides by whatever the right operand gives: SIGFPE for 0.
    if ((operator == '/' || operator == '%') && !(right.literal && right.value != 0)) return unsound;
    left = operation(left.height > right.height ? left.height : right.height);
  }
  return left;
}

/* exp '?' exp ':' exp, the loosest, right-associative: the condition is
 * an || expression, either branch a whole expression (the rule has no
 * precedence of its own, so bison shifts: "a ? b : c || d" takes the
 * || into the branch, as C does). */
static struct node conditional(struct parser *parser, int depth) {
  struct node condition = binary(parser, OR, depth);
  if (condition.height == 0 || parser->next.kind != QUESTION) return condition;
  advance(parser);
  struct node then = conditional(parser, depth + 1);
  if (then.height == 0 || parser->next.kind != COLON) return unsound;
  advance(parser);
  struct node otherwise = conditional(parser, depth + 1);
  if (otherwise.height == 0) return unsound;
  int height = condition.height > then.height ? condition.height : then.height;
  return operation(height > otherwise.height ? height : otherwise.height);
}

int plural_is_sound(const char *header) {
  // EXTRACT_PLURAL_EXPRESSION: the first "plural=" and the first
  // "nplurals=" anywhere in the header (not only on its Plural-Forms
  // line); without either, or without a digit after "nplurals=" and
  // isspace's characters (the C locale's: ask never sets LC_CTYPE),
  // glibc uses no expression of the catalogue's.
  const char *plural = strstr(header, "plural="), *count = strstr(header, "nplurals=");
  if (plural == NULL || count == NULL) return 1;
  count += 9;
  while (*count != '\0' && strchr(" \t\n\v\f\r", *count) != NULL) count++;
  if (*count < '0' || *count > '9') return 1;
  // plural.y's start rule: one expression, then the end.
  struct parser parser = {plural + 7, {END, 0, 0}};
  advance(&parser);
  struct node expression = conditional(&parser, 0);
  return expression.height != 0 && parser.next.kind == END;
}
