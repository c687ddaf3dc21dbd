# ask — build, test, demo and install. Every target that needs system
# packages installs them first (idempotent), so a fresh Debian machine with
# the Swift toolchain needs nothing else.

# bash, for pipefail: a build piped into its check still fails when it fails.
SHELL = /bin/bash
.SHELLFLAGS = -o pipefail -c

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
STRIP ?= strip
# The release binary is fully static (Swift runtime, libedit, libc): no
# dynamic loader and no symbol relocations at start-up, which took about
# two thirds of the time to the first prompt (see BENCHMARKS.md). libedit's
# static archive needs terminfo (libtinfo), libbsd and libmd. The linker is
# the toolchain's lld: gold warns that "dlopen in statically linked
# applications requires at runtime the shared libraries" for a call in the
# Swift runtime's own libswiftCore.a that ask never makes, and cannot be
# told not to.
# Concrete types' metadata is got by calling their accessors, not by
# demangling their names in the runtime (the frontend's
# -disable-concrete-type-metadata-mangled-name-accessors): each name
# demangled cost thousands of instructions the first time, 14 % of a small
# prompt's. Not in Package.swift: unsafe flags would keep AskKit from being
# used as a package dependency.
#
# The code a prompt runs is laid out together (scripts/startup.order, written
# by `make startup-order`; each function in a section of its own, so the
# linker can move it), and the variables it touches: a prompt then maps less
# of the binary, and takes fewer page faults (BENCHMARKS.md). LLVM's function
# merging is off: it moved the bodies of identical helpers into functions
# without a symbol, which the order cannot name (two ran before the alert's
# prompt, far from the rest: two faults). SwiftPM does not rebuild for a changed
# -Xswiftc flag: after changing one, `make clean`.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
  -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
  -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup.order -Xlinker --no-warn-symbol-ordering
# Every test is Swift Testing: without XCTest, swift test prints no
# "Executed 0 tests" lines.
TEST_FLAGS = --disable-xctest

# V=1 shows every command as make runs it, and every line the tests print;
# without it a build says in one line what it builds, and the test stages
# leave out the lines that only say a test started or passed.
V ?=
export V
ifeq ($(V),1)
  Q =
  say = :
else
  Q = @
  say = echo
endif

# Python: the scripts of scripts/, bench/ and the test stages use the
# standard library only, so any python3 runs them; the schema check needs
# jsonschema, which comes from Debian's python3-jsonschema, so it runs with
# Debian's own python3 whatever python3 comes first on PATH (and pip never
# installs into it: PEP 668).
PYTHON ?= python3
DEBIAN_PYTHON = /usr/bin/python3

# Every Debian package the project needs, each once, with the make targets
# that need it (`build` also means every target that builds: demo, install,
# test …). The README's table lists the same with why; ArtifactsTests
# fails when the two differ. `make deps` installs them all; each target
# installs what it needs and is missing, with one `apt-get update`.
PACKAGE_TABLE = \
  libedit-dev:build libncurses-dev:build libbsd-dev:build libmd-dev:build pkg-config:build gettext:build \
  python3:test python3-jsonschema:test locales:test,locales libc-l10n:test unicode-data:test \
  mandoc:test zsh:test fish:test bash-completion:test git:test openssh-client:test gnupg:test tmux:test systemd:test,bench \
  gcc:test,bench binutils:test,install,deb,check,bench,startup-order \
  lintian:deb,check man-db:check sudo:check valgrind:check,bench,startup-order \
  dialog:bench whiptail:bench strace:test,bench
comma = ,
# The packages the targets $(1) (words) need.
packages-for = $(foreach entry,$(PACKAGE_TABLE),$(if $(filter $(1),$(subst $(comma), ,$(lastword $(subst :, ,$(entry))))),$(firstword $(subst :, ,$(entry)))))
PACKAGES = $(call packages-for,build)

# Where `make install` puts each file, under $(DESTDIR).
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
# The message catalogues' root (LOCALEDIR/LANG/LC_MESSAGES/ask.mo).
LOCALEDIR = $(PREFIX)/share/locale
# The languages ask speaks besides English: one po/LANG.po each.
LANGUAGES = $(basename $(notdir $(wildcard po/*.po)))
# The locales the tests draw screens in: `make test` generates them into
# TEST_LOCALES_DIR, `make locales` and `make check` into the system.
TEST_LOCALES = ru_RU zh_CN

# Compiles every po/LANG.po into $(1)/LANG/LC_MESSAGES/ask.mo, checking
# it (msgfmt --check: header, plural forms, each translation's
# placeholders against its msgid's).
define compile-catalogues
root=$(1) && for lang in $(LANGUAGES); do \
  install -d "$$root/$$lang/LC_MESSAGES" && \
  msgfmt --check -o "$$root/$$lang/LC_MESSAGES/ask.mo" po/$$lang.po || exit 1; done
endef
# The catalogues beside a build's binary, where `ask` looks first for them
# (BINDIR/locale; installed, BINDIR/../share/locale): $(1) is the build's
# flags.
catalogues-beside = $(call compile-catalogues,$$($(SWIFT) build $(1) --show-bin-path)/locale)
# The binary to install: the release build, or ASK_BIN when it names one
# (the tests install the binary under test, without building).
ASK_BIN ?=

# The Debian package `make deb` writes into DEBDIR. Its version is the top
# entry of debian/changelog, the one place it is written (DebianPackageTests
# checks that it is askVersion's); the architecture is dpkg's. The files are
# staged in DEB_ROOT with `make install`'s layout under /usr, except zsh's
# directory: Debian's zsh reads a package's completions only from
# vendor-completions (site-functions is the local administrator's).
DEBDIR ?= .
DEB_VERSION = $(shell head -1 debian/changelog | cut -d ' ' -f 2 | tr -d '()')
DEB_ARCH = $(shell dpkg --print-architecture)
DEB = $(DEBDIR)/ask_$(DEB_VERSION)_$(DEB_ARCH).deb
DEB_ROOT = .build/deb/root
# The changelog entry's date: every file's time in the package (dpkg-deb
# clamps to it), so the same sources give the same .deb.
DEB_DATE = $(shell date -d "$$(sed -n 's/^ -- .*>  //p' debian/changelog | head -1)" +%s)
# The check `make deb` ends with: none of lintian's errors or warnings. The
# test empties it (LINTIAN=) and runs lintian itself, on the static binary.
LINTIAN ?= lintian --fail-on error,warning

# The toolchain's clang, for the C warnings check.
CLANG ?= $(dir $(realpath $(shell command -v $(SWIFT))))clang

# Seconds each fuzz target runs for in `make fuzz`; `make check` runs each
# for FUZZ_SHORT_SECONDS (seven targets: 70 s, and their build).
FUZZ_SECONDS ?= 60
FUZZ_SHORT_SECONDS = 10

# Each sanitizer build has a directory of its own, so neither rebuilds the
# normal debug and release builds (nor each other). AddressSanitizer
# instruments the Swift code and the C shim alike (SwiftPM passes
# -fsanitize=address to both), and LeakSanitizer comes with it.
# Linked by lld, as the release binary is: gold warned, 705 times, that it
# "cannot export local symbol" of the AddressSanitizer runtime's.
ASAN_FLAGS = --sanitize=address --scratch-path .build/asan -Xswiftc -use-ld=lld
# swiftc has no -sanitize=undefined on Linux, so UndefinedBehaviorSanitizer
# is for the C code (the shim, the test harness): -fsanitize=undefined to
# clang, and to the link (through swiftc's clang) for its runtime.
# -fno-sanitize-recover: every finding ends the process, so a test fails by
# it even where the test sets the environment itself (UBSAN_OPTIONS unseen).
UBSAN_FLAGS = --scratch-path .build/ubsan -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
  -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined -Xswiftc -use-ld=lld

.PHONY: all deps packages packages-table build build-debug demo bench test check cwarnings fuzz \
  completions man docs pot po locales test-locales startup-order install uninstall deb clean

all: build

# Installs the packages of $(PACKAGES) that are missing: one apt-get
# update, then apt-get install (as root: no sudo), its output kept in
# .build/apt.log (the last lines are shown when it fails). PACKAGES is
# what the target being made needs: by default the build's packages.
packages:
	@missing=$$(for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q ' installed$$' || echo $$p; done); \
	if [ -n "$$missing" ] && [ "$$(id -u)" != 0 ]; then \
	  echo "make: these Debian packages are missing:" $$missing "(run make as root to install them)"; exit 1; fi; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:" $$missing "(apt-get's output: .build/apt.log)"; \
	  mkdir -p .build; \
	  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; } \
	    >.build/apt.log 2>&1 </dev/null \
	    || { tr '\r' '\n' <.build/apt.log | tr -d '\000-\010\013-\037\177' | tail -n 15; \
	         echo "make: could not install:" $$missing; exit 1; }; \
	fi

# Every package of PACKAGE_TABLE, and nothing else.
deps: PACKAGES = $(foreach entry,$(PACKAGE_TABLE),$(firstword $(subst :, ,$(entry))))
deps: packages

# PACKAGE_TABLE, a line a package: its name, then the targets that need it.
packages-table:
	@$(foreach entry,$(PACKAGE_TABLE),echo '$(subst :, ,$(entry))';)

# make, quiet (no "Entering directory", no commands) unless V=1.
SUBMAKE = $(MAKE) --no-print-directory $(if $(filter 1,$(V)),,-s)

# SwiftPM does not know the start-up order is an input of the link: a
# binary older than scripts/startup.order (made again by `make
# startup-order`, or checked out) is removed, so that it is linked again.
build: packages
	@$(say) "Building .build/release/ask (swift build -c release; V=1 shows the whole command)"
	$(Q)if [ -e .build/release/ask ] && [ scripts/startup.order -nt .build/release/ask ]; then \
	  rm -f .build/release/ask; fi
	$(Q)$(SWIFT) build $(RELEASE_FLAGS) --product ask
	$(Q)$(call catalogues-beside,$(RELEASE_FLAGS))

# The debug build with the tests' own build, and the catalogues beside
# it; BUILD_FLAGS names a sanitizer's build instead (make check).
BUILD_FLAGS =
build-debug: packages
	@$(say) "Building the debug build and its tests (swift build --build-tests$(if $(BUILD_FLAGS), $(firstword $(BUILD_FLAGS)) …))"
	$(Q)$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(Q)$(call catalogues-beside,$(BUILD_FLAGS))

# The seed's "Available Actions" sheet, on this terminal.
demo: build
	@$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask --sheet \
	  -t "Available Actions" -c Cancel -d Destroy Negotiate Compromise; \
	  echo "exit status $$?"

# The release binary side by side with its peers (bench/bench.py, with the
# harness bench/ttp.py): the small prompts in one run against the C floor
# and the Swift floor (bench/floor.swift, built by swiftc into .build/bench
# when missing or older than its source, and again with
# bench/floor-arguments.c, without the runtime's argument scan), with their minor faults and, in
# one more run each under strace, their system calls to the prompt;
# 10,000 to 1,000,000 buttons, 1000 calls from a script; the report replaces
# the generated part of BENCHMARKS.md, the raw figures go to
# .build/bench.json. About a minute on two cores, once built.
bench: PACKAGES = $(call packages-for,build bench)
bench: build
	$(Q)$(PYTHON) bench/bench.py --ask $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask \
	  --json .build/bench.json

# The test commands. Each stage is one command run by scripts/stage.py,
# which announces it (== NAME), shows its output with every control
# character escaped (a raw one, or a line over 300 columns, fails the stage
# and names the test), keeps its counts and time, and `total` ends with
# the line `N passed, M failed, K skipped`. A test stage that fails lets the next
# run; a build that fails ends the run. The stages' logs, escaped, and the
# tests' JUnit XML are kept in $(RESULTS).
STAGE = $(PYTHON) scripts/stage.py
RESULTS = .build/test-results
stage = $(STAGE) run $(RESULTS)
DEBUG_BIN = $$($(SWIFT) build --show-bin-path)
RELEASE_BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
# Where `make test` generates the locales the translated screens are drawn
# in (not into the system); the end-to-end tests get LOCPATH naming it.
TEST_LOCALES_DIR = .build/locales
TEST_LOCPATH = LOCPATH=$(CURDIR)/$(TEST_LOCALES_DIR):/usr/lib/locale
# swift test, the test bundle already built; $(1) selects the tests, $(2)
# names the JUnit XML file.
swift-test = $(SWIFT) test --skip-build $(TEST_FLAGS) $(1) --xunit-output $(RESULTS)/$(2)

# `make test`: the JSON schema against the examples, every unit test and
# every end-to-end test on pseudo-terminals against the debug build, then
# the end-to-end tests again on the release binary that `make install`
# ships. Nothing is fuzzed or sanitized and nothing on the machine changes
# but the packages it installs.
define test-stages
$(stage) "C warnings" -- $(SUBMAKE) cwarnings && \
$(stage) "JSON schema" --counts --keep-going -- $(DEBIAN_PYTHON) schema/check.py && \
$(stage) "locales for the tests (.build/locales)" -- $(SUBMAKE) test-locales && \
$(stage) "build (debug)" --no-warnings -- $(SUBMAKE) build-debug && \
$(stage) "unit tests" --keep-going --xunit $(RESULTS)/unit.xml -- \
  $(call swift-test,--filter '^(AskKitTests|AskCLITests)\.',unit.xml) && \
$(stage) "end-to-end (debug)" --keep-going --xunit $(RESULTS)/end-to-end-debug.xml -- \
  env $(TEST_LOCPATH) $(call swift-test,--filter '^AskEndToEndTests\.',end-to-end-debug.xml) && \
$(stage) "build (release)" --no-warnings -- $(SUBMAKE) build && \
$(stage) "end-to-end (release)" --keep-going --xunit $(RESULTS)/end-to-end-release.xml -- \
  env $(TEST_LOCPATH) ASK_BIN=$(RELEASE_BIN)/ask \
  $(call swift-test,--filter '^AskEndToEndTests\.',end-to-end-release.xml)
endef

# `make check`, after those: the short fuzz run; the locales installed
# into the system (from here on the tests find them there, as a user's
# programs do: no LOCPATH); the whole suite under AddressSanitizer (with
# LeakSanitizer: every ask an end-to-end test runs is leak-checked at its
# exit; glibc's newlocale leaks the list LOCPATH names, so it would fail
# every one) and under UndefinedBehaviorSanitizer (the C code; findings
# fatal); the leak check (scripts/leak-check.py: whole prompts under
# valgrind and LeakSanitizer); `make deb` with lintian; and the end-to-end
# suite on the release binary again with ASK_TEST_CHANGE_MACHINE=1 (a
# throwaway user for sudo, the package installed with dpkg and removed).
define check-stages
$(stage) "documentation (make docs)" -- $(SUBMAKE) docs && \
$(stage) "fuzz, $(FUZZ_SHORT_SECONDS) s a target" --counts --keep-going -- \
  scripts/fuzz.sh -s $(FUZZ_SHORT_SECONDS) && \
$(stage) "locales, into the system" -- $(SUBMAKE) locales && \
$(stage) "build (AddressSanitizer)" --no-warnings -- $(SUBMAKE) build-debug BUILD_FLAGS='$(ASAN_FLAGS)' && \
$(stage) "tests under AddressSanitizer" --keep-going --xunit $(RESULTS)/address-sanitizer.xml -- \
  env ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
  $(call swift-test,$(ASAN_FLAGS),address-sanitizer.xml) && \
$(stage) "build (UndefinedBehaviorSanitizer)" --no-warnings -- $(SUBMAKE) build-debug BUILD_FLAGS='$(UBSAN_FLAGS)' && \
$(stage) "tests under UndefinedBehaviorSanitizer" --keep-going --xunit $(RESULTS)/undefined-sanitizer.xml -- \
  env UBSAN_OPTIONS=print_stacktrace=1 $(call swift-test,$(UBSAN_FLAGS),undefined-sanitizer.xml) && \
$(stage) "leak check" --counts --keep-going -- $(PYTHON) scripts/leak-check.py --valgrind $(DEBUG_BIN)/ask \
  --lsan $$($(SWIFT) build $(ASAN_FLAGS) --show-bin-path)/ask && \
$(stage) "make deb, checked by lintian" -- $(SUBMAKE) deb DEBDIR=$(RESULTS) && \
$(stage) "end-to-end (release), changing the machine" --keep-going \
  --xunit $(RESULTS)/end-to-end-machine.xml -- env ASK_TEST_CHANGE_MACHINE=1 ASK_BIN=$(RELEASE_BIN)/ask \
  $(call swift-test,--filter '^AskEndToEndTests\.',end-to-end-machine.xml)
endef

test: PACKAGES = $(call packages-for,build test)
test: packages
	@$(STAGE) begin $(RESULTS); { $(test-stages); }; $(STAGE) total $(RESULTS) $$?

check: PACKAGES = $(call packages-for,build test check)
check: packages
	@$(STAGE) begin $(RESULTS); { $(test-stages) && $(check-stages); }; $(STAGE) total $(RESULTS) $$?

# AskKit's documentation: the DocC catalogue Sources/AskKit/AskKit.docc
# with the module's symbol graph (swiftc -emit-symbol-graph, in a build
# of its own so the debug build is not redone), converted by the
# toolchain's own docc (no plugin to fetch) into DOCS_DIR, a warning
# failing it; then scripts/doc-coverage.py checks that every public
# declaration has a doc comment and lists the public surface into
# DOCS_DIR/public-surface.txt.
DOCS_DIR = .build/docs
DOCS_BUILD = .build/docs-build
DOCC = $$(dirname $$(readlink -f $$(command -v $(SWIFT))))/docc
docs: PACKAGES = $(call packages-for,build test)
docs: packages
	@$(say) "Building AskKit's documentation into $(DOCS_DIR) (swift build -emit-symbol-graph, docc convert)"
	$(Q)rm -rf $(DOCS_DIR) $(DOCS_BUILD)/graph && mkdir -p $(DOCS_BUILD)/symbol-graphs $(DOCS_BUILD)/graph
	$(Q)$(SWIFT) build --target AskKit --scratch-path $(DOCS_BUILD) \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_BUILD)/symbol-graphs
	$(Q)cp $(DOCS_BUILD)/symbol-graphs/AskKit.symbols.json $(DOCS_BUILD)/graph/
	$(Q)$(DOCC) convert Sources/AskKit/AskKit.docc --additional-symbol-graph-dir $(DOCS_BUILD)/graph \
	  --output-path $(DOCS_DIR) --fallback-display-name AskKit --fallback-bundle-identifier ask.AskKit \
	  --warnings-as-errors
	$(Q)$(PYTHON) scripts/doc-coverage.py $(DOCS_BUILD)/graph/AskKit.symbols.json --list > $(DOCS_DIR)/public-surface.txt

# The unit tests compare ask's English words, whatever the language of
# the person running them (the end-to-end tests give each ask an
# environment of its own).
test check: export LC_ALL = C.UTF-8
test check: export LANGUAGE =

# The libFuzzer targets of Fuzz/ (the JSON spec reader, the option parser,
# the answer matcher, the layout, the masked-line editor, the key decoder,
# the Assuan parser), built with swiftc's -sanitize=fuzzer,address, each run for
# FUZZ_SECONDS from its seed corpus in Fuzz/Corpus. A crash or a failed
# check is saved as .build/fuzz/crash-TARGET-*; the status is then 1.
fuzz: packages
	scripts/fuzz.sh -s $(FUZZ_SECONDS)

# The bash, zsh and fish completions and the option lists of the man page's
# OPTIONS are generated from the one option table
# (Sources/AskCLI/OptionTable.swift) by ask-docgen, a tool of this package
# that is not installed, so that none can drift from what the parser takes.
# After changing an option, `make completions man` writes them again;
# ArtifactsTests fails until the checked-in files are what it writes. Both
# targets are phony: `man` is also a directory, and make cannot see which
# Swift sources the files come from.
DOCGEN = $$($(SWIFT) build --show-bin-path)/ask-docgen

completions: packages
	$(SWIFT) build --product ask-docgen
	$(DOCGEN) completions/ask.bash completions/_ask completions/ask.fish

man: packages
	$(SWIFT) build --product ask-docgen
	$(DOCGEN) man/ask.1

# The message template po/ask.pot, extracted by ask-docgen from the
# sources' localized("…") calls (xgettext has no Swift mode); ArtifactsTests
# fails until it is current. `make po` then merges it into each
# translation (new messages untranslated, which CatalogueTests reports;
# messages gone from the sources dropped).
pot: packages
	$(SWIFT) build --product ask-docgen
	$(DOCGEN) po/ask.pot

po: pot
	for lang in $(LANGUAGES); do \
	  msgmerge --quiet --update --backup=none --no-fuzzy-matching po/$$lang.po po/ask.pot && \
	  msgattrib --no-obsolete -o po/$$lang.po po/$$lang.po || exit 1; done

# The locales the translated screens are drawn in, into the system's
# locale archive where missing (from the locales package's sources): for
# the Russian and Chinese examples, and `make check`.
locales: PACKAGES = $(call packages-for,locales)
locales: packages
	$(Q)for name in $(TEST_LOCALES); do \
	  locale -a | grep -qx "$$name.utf8" || localedef -i $$name -c -f UTF-8 $$name.UTF-8 \
	    || exit 1; done

# The same locales for `make test`, into TEST_LOCALES_DIR: the machine's
# own are left as they are.
test-locales: $(foreach name,$(TEST_LOCALES),$(TEST_LOCALES_DIR)/$(name).UTF-8/LC_CTYPE)
$(TEST_LOCALES_DIR)/%.UTF-8/LC_CTYPE:
	$(Q)rm -rf $(TEST_LOCALES_DIR)/$*.UTF-8 && mkdir -p $(TEST_LOCALES_DIR)
	$(Q)localedef -i $* -c -f UTF-8 $(TEST_LOCALES_DIR)/$*.UTF-8 || test -f $@

# The order the release link lays the start-up code out in: the functions
# the common prompts run, then the variables they touch, those before the
# prompt is drawn first, traced on the release binary: its code one
# instruction at a time (ptrace, x86-64; about two minutes), its variables
# with valgrind's lackey (scripts/startup-order.py). Run it after a change to what a prompt runs,
# and commit scripts/startup.order; a stale one only maps more pages.
startup-order: PACKAGES = $(call packages-for,build startup-order)
startup-order: build
	$(Q)$(PYTHON) scripts/startup-order.py $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask scripts/startup.order

# The C shim, the command's argument hand-over, the test harness and the
# bench's floor hand-over are C99 with no warnings.
cwarnings: packages
	$(Q)for f in Sources/CShim/*/*.c Sources/CArguments/*.c Sources/CStartupLayout/*.c Sources/CPseudoTerminal/*.c bench/floor-arguments.c; do \
	  $(CLANG) -std=c99 -D_GNU_SOURCE -Wall -Wextra -Werror -fsyntax-only \
	    -ISources/CShim/include -ISources/CPseudoTerminal/include \
	    $$(pkg-config --cflags libedit) $$f || exit 1; done

# The binary goes in stripped (install -s): 14 MB with its symbols and
# debug information, 9 MB without.
install: PACKAGES = $(call packages-for,build install)
install: packages $(if $(ASK_BIN),,build)
	@$(say) "Installing ask into $(DESTDIR)$(PREFIX)"
	$(Q)install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(BASHCOMPDIR) \
	  $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	$(Q)install -m 755 -s --strip-program=$(STRIP) \
	  $(or $(ASK_BIN),$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask) $(DESTDIR)$(BINDIR)/ask
	$(Q)ln -sf ask $(DESTDIR)$(BINDIR)/ask-askpass
	$(Q)ln -sf ask $(DESTDIR)$(BINDIR)/ask-pinentry
	$(Q)ln -sf ask $(DESTDIR)$(BINDIR)/ask-password-agent
	$(Q)install -m 644 man/ask.1 $(DESTDIR)$(MAN1DIR)/ask.1
	$(Q)install -m 644 completions/ask.bash $(DESTDIR)$(BASHCOMPDIR)/ask
	$(Q)install -m 644 completions/_ask $(DESTDIR)$(ZSHCOMPDIR)/_ask
	$(Q)install -m 644 completions/ask.fish $(DESTDIR)$(FISHCOMPDIR)/ask.fish
	$(Q)$(call compile-catalogues,$(DESTDIR)$(LOCALEDIR))
	$(Q)chmod 644 $(foreach lang,$(LANGUAGES),$(DESTDIR)$(LOCALEDIR)/$(lang)/LC_MESSAGES/ask.mo)

# Removes exactly the files `install` put there (the directories may be
# shared with other packages).
uninstall:
	$(Q)rm -f $(DESTDIR)$(BINDIR)/ask $(DESTDIR)$(BINDIR)/ask-askpass $(DESTDIR)$(BINDIR)/ask-pinentry \
	  $(DESTDIR)$(BINDIR)/ask-password-agent $(DESTDIR)$(MAN1DIR)/ask.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/ask $(DESTDIR)$(ZSHCOMPDIR)/_ask \
	  $(DESTDIR)$(FISHCOMPDIR)/ask.fish \
	  $(foreach lang,$(LANGUAGES),$(DESTDIR)$(LOCALEDIR)/$(lang)/LC_MESSAGES/ask.mo)

# The Debian package ask_VERSION_ARCH.deb, built by dpkg-deb alone from
# `make install`'s files and debian/'s metadata (no debhelper, no network
# once the packages are there): the binary stripped, the man page and
# changelog compressed as Debian policy asks (gzip -9n: no name or time in
# them), the links' man pages as links to ask.1.gz, the copyright file, the
# lintian overrides, the maintainer scripts (the alternatives), md5sums;
# every file root's, 0644 or 0755. ASK_BIN, as for install, names the
# binary to ship instead of building the release one.
deb: PACKAGES = $(call packages-for,build deb)
deb: packages
	@$(say) "Building $(DEB)"
	$(Q)rm -rf $(DEB_ROOT)
	$(Q)$(MAKE) -s install PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_ROOT) \
	  ZSHCOMPDIR=/usr/share/zsh/vendor-completions ASK_BIN=$(ASK_BIN)
	$(Q)strip --strip-all --remove-section=.comment --remove-section=.note $(DEB_ROOT)/usr/bin/ask
	$(Q)gzip -9n $(DEB_ROOT)/usr/share/man/man1/ask.1
	$(Q)ln -s ask.1.gz $(DEB_ROOT)/usr/share/man/man1/ask-askpass.1.gz
	$(Q)ln -s ask.1.gz $(DEB_ROOT)/usr/share/man/man1/ask-pinentry.1.gz
	$(Q)ln -s ask.1.gz $(DEB_ROOT)/usr/share/man/man1/ask-password-agent.1.gz
	$(Q)install -d $(DEB_ROOT)/usr/share/doc/ask $(DEB_ROOT)/usr/share/lintian/overrides $(DEB_ROOT)/DEBIAN
	$(Q)install -m 644 debian/copyright $(DEB_ROOT)/usr/share/doc/ask/copyright
	$(Q)gzip -9n <debian/changelog >$(DEB_ROOT)/usr/share/doc/ask/changelog.Debian.gz
	$(Q)install -m 644 debian/ask.lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/ask
	$(Q)install -m 755 debian/postinst debian/prerm $(DEB_ROOT)/DEBIAN/
	$(Q)chmod -R u=rwX,go=rX $(DEB_ROOT)
	$(Q)cd $(DEB_ROOT) && find usr -type f | LC_ALL=C sort | xargs md5sum >DEBIAN/md5sums
	@# Installed-Size as dpkg-gencontrol counts it: each file's KiB, rounded
	@# up, and 1 for each directory and link.
	$(Q)size=$$(cd $(DEB_ROOT) && find usr \( -type f -printf '%s\n' \) -o -printf '1\n' \
	  | awk '{ kib += int(($$1 + 1023) / 1024) } END { print kib }') && \
	  glibc=$$(dpkg-query -W -f='$${source:Package} (= $${source:Version})' libc6-dev) && \
	  grep -v '^#' debian/control | sed -e 's/$${version}/$(DEB_VERSION)/' \
	    -e 's/$${architecture}/$(DEB_ARCH)/' -e "s/\$${installed-size}/$$size/" \
	    -e "s/\$${built-using}/$$glibc/" >$(DEB_ROOT)/DEBIAN/control
	$(Q)chmod 644 $(DEB_ROOT)/DEBIAN/control $(DEB_ROOT)/DEBIAN/md5sums
	$(Q)mkdir -p $(DEBDIR)
	$(Q)SOURCE_DATE_EPOCH=$(DEB_DATE) dpkg-deb --root-owner-group --build $(DEB_ROOT) $(DEB)
	$(Q)$(if $(LINTIAN),$(LINTIAN) $(DEB))

clean:
	rm -rf .build
