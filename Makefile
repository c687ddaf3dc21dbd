# ask — build, test, demo and install. Every target that needs system
# packages installs them first (idempotent), so a fresh Debian machine with
# the Swift toolchain needs nothing else.

# bash, for pipefail: a build piped into its check still fails when it fails.
SHELL = /bin/bash
.SHELLFLAGS = -o pipefail -c

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# The release binary is fully static (Swift runtime, libedit, libc): no
# dynamic loader and no symbol relocations at start-up, which took about
# two thirds of the time to the first prompt (see BENCHMARKS.md). libedit's
# static archive needs terminfo (libtinfo), libbsd and libmd. The linker is
# the toolchain's lld: gold warns that "dlopen in statically linked
# applications requires at runtime the shared libraries" for a call in the
# Swift runtime's own libswiftCore.a that ask never makes, and cannot be
# told not to.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
  -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd
# Every test is Swift Testing: without XCTest, swift test prints no
# "Executed 0 tests" lines.
TEST_FLAGS = --disable-xctest
# Debian packages: libedit and its static dependencies, pkg-config to find it.
PACKAGES = libedit-dev libncurses-dev libbsd-dev libmd-dev pkg-config
# And for `make test`: mandoc to lint the man page, the three shells and
# bash-completion to run the completion scripts (ArtifactsTests); git and
# openssh-client, the real callers of the askpass mode (AskpassTests), and
# gnupg (gpg, gpg-agent), the pinentry mode's (PinentryTests), and sudo
# (SudoAskpassTests, which adds a throwaway user and removes it); tmux, a
# real terminal emulator to see wide characters on (WideCharacterTests);
# unicode-data, whose CaseFolding.txt the case-folding table is generated
# from (CaseFoldingTests runs the generator and compares).
TEST_PACKAGES = mandoc zsh fish bash-completion git openssh-client gnupg sudo tmux unicode-data \
  $(DEB_PACKAGES) man-db
# And for `make deb`: strip (binutils) and lintian, which checks the package
# (DebianPackageTests too, and man-db to find the installed page).
DEB_PACKAGES = binutils lintian
# And for `make test-sanitize`: valgrind for the leak check, binutils for
# objcopy (the check strips the DWARF that Debian 12's valgrind cannot
# read). The sanitizer runtimes come with the Swift toolchain's clang.
SANITIZE_PACKAGES = valgrind binutils

# Where `make install` puts each file, under $(DESTDIR).
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
# The message catalogues' root (LOCALEDIR/LANG/LC_MESSAGES/ask.mo).
LOCALEDIR = $(PREFIX)/share/locale
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

# Seconds each fuzz target runs for in `make fuzz`; the test command runs
# each for FUZZ_SHORT_SECONDS (seven targets: about a minute in all).
FUZZ_SECONDS ?= 60
FUZZ_SHORT_SECONDS = 10

# Each sanitizer build has a directory of its own, so neither rebuilds the
# normal debug and release builds (nor each other). AddressSanitizer
# instruments the Swift code and the C shim alike (SwiftPM passes
# -fsanitize=address to both), and LeakSanitizer comes with it.
ASAN_FLAGS = --sanitize=address --scratch-path .build/asan
# swiftc has no -sanitize=undefined on Linux, so UndefinedBehaviorSanitizer
# is for the C code (the shim, the test harness): -fsanitize=undefined to
# clang, and to the link (through swiftc's clang) for its runtime.
# -fno-sanitize-recover: every finding ends the process, so a test fails by
# it even where the test sets the environment itself (UBSAN_OPTIONS unseen).
UBSAN_FLAGS = --scratch-path .build/ubsan -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
  -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined

.PHONY: all deps pydeps build demo test test-sanitize cwarnings fuzz completions man install uninstall deb clean

all: build

deps:
	@dpkg -s $(PACKAGES) >/dev/null 2>&1 || { \
	  apt-get update && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y $(PACKAGES); }

# Python's jsonschema, to check the spec schema and the examples.
pydeps:
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema

build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# The seed's "Available Actions" sheet, on this terminal.
demo: build
	@$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask --sheet \
	  -t "Available Actions" -c Cancel -d Destroy Negotiate Compromise; \
	  echo "exit status $$?"

# The schema against the examples and the structural cases; unit and
# end-to-end tests on pseudo-terminals (debug build); then the end-to-end
# tests again on the release binary that `make install` ships; then the
# whole suite under the sanitizers and the leak check (test-sanitize).
# `deps` installs TEST_PACKAGES and SANITIZE_PACKAGES too here, with the
# one `apt-get update`.
test: PACKAGES += $(TEST_PACKAGES) $(SANITIZE_PACKAGES)
test: deps pydeps cwarnings
	python3 schema/check.py
	$(SWIFT) build
	$(SWIFT) test $(TEST_FLAGS) 2>&1 | tee .build/test.log
	$(SWIFT) build $(RELEASE_FLAGS) 2>&1 | tee .build/release-build.log
	@# What a newcomer sees is trusted: no linker warning, no XCTest noise.
	! grep -E 'warning:|Executed 0 tests' .build/release-build.log .build/test.log
	ASK_BIN=$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask $(SWIFT) test $(TEST_FLAGS) --filter AskEndToEndTests
	scripts/fuzz.sh -s $(FUZZ_SHORT_SECONDS)
	$(MAKE) --no-print-directory test-sanitize

# The libFuzzer targets of Fuzz/ (the JSON spec reader, the option parser,
# the answer matcher, the layout, the masked-line editor, the key decoder,
# the Assuan parser), built with swiftc's -sanitize=fuzzer,address, each run for
# FUZZ_SECONDS from its seed corpus in Fuzz/Corpus. A crash or a failed
# check is saved as .build/fuzz/crash-TARGET-*; the status is then 1.
fuzz: deps
	scripts/fuzz.sh -s $(FUZZ_SECONDS)

# Every test (unit and end-to-end) under AddressSanitizer, then under
# UndefinedBehaviorSanitizer; then whole prompt runs checked for leaks.
# TEST_FLAGS (--disable-xctest) matters here too: the empty XCTest pass
# leaks XCTest's own suite objects, which LeakSanitizer reports.
# The end-to-end tests run the instrumented `ask` with an environment of
# their own: LeakSanitizer is on there by default, so every ask they run is
# leak-checked at its exit (a leak is exit status 1, failing the test).
# The leak check (scripts/leak-check.py) runs a button prompt, the secure
# and login-password styles, Ctrl-D and piped answers under valgrind on the
# debug build (dynamically linked: valgrind sees no malloc of a static
# binary) and with LeakSanitizer on the AddressSanitizer build.
test-sanitize: PACKAGES += $(SANITIZE_PACKAGES)
test-sanitize: deps
	$(SWIFT) build --build-tests $(ASAN_FLAGS)
	ASAN_OPTIONS=detect_leaks=1 $(SWIFT) test --skip-build $(TEST_FLAGS) $(ASAN_FLAGS)
	$(SWIFT) build --build-tests $(UBSAN_FLAGS)
	UBSAN_OPTIONS=print_stacktrace=1 $(SWIFT) test --skip-build $(TEST_FLAGS) $(UBSAN_FLAGS)
	$(SWIFT) build
	python3 scripts/leak-check.py --valgrind $$($(SWIFT) build --show-bin-path)/ask \
	  --lsan $$($(SWIFT) build $(ASAN_FLAGS) --show-bin-path)/ask

# The bash, zsh and fish completions and the option lists of the man page's
# OPTIONS are generated from the one option table
# (Sources/AskCLI/OptionTable.swift) by ask-docgen, a tool of this package
# that is not installed, so that none can drift from what the parser takes.
# After changing an option, `make completions man` writes them again;
# ArtifactsTests fails until the checked-in files are what it writes. Both
# targets are phony: `man` is also a directory, and make cannot see which
# Swift sources the files come from.
DOCGEN = $$($(SWIFT) build --show-bin-path)/ask-docgen

completions: deps
	$(SWIFT) build --product ask-docgen
	$(DOCGEN) completions/ask.bash completions/_ask completions/ask.fish

man: deps
	$(SWIFT) build --product ask-docgen
	$(DOCGEN) man/ask.1

# The C shim and the test harness are C99 with no warnings.
cwarnings: deps
	for f in Sources/CEditLine/*.c Sources/CPseudoTerminal/*.c; do \
	  $(CLANG) -std=c99 -D_GNU_SOURCE -Wall -Wextra -Werror -fsyntax-only \
	    -ISources/CEditLine/include -ISources/CPseudoTerminal/include \
	    $$(pkg-config --cflags libedit) $$f || exit 1; done

install: $(if $(ASK_BIN),,build)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(BASHCOMPDIR) \
	  $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(or $(ASK_BIN),$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask) \
	  $(DESTDIR)$(BINDIR)/ask
	ln -sf ask $(DESTDIR)$(BINDIR)/ask-askpass
	ln -sf ask $(DESTDIR)$(BINDIR)/ask-pinentry
	install -m 644 man/ask.1 $(DESTDIR)$(MAN1DIR)/ask.1
	install -m 644 completions/ask.bash $(DESTDIR)$(BASHCOMPDIR)/ask
	install -m 644 completions/_ask $(DESTDIR)$(ZSHCOMPDIR)/_ask
	install -m 644 completions/ask.fish $(DESTDIR)$(FISHCOMPDIR)/ask.fish
	@# The message catalogues: none yet. When there are, one line here
	@# installs each LANG's ask.mo as $(LOCALEDIR)/LANG/LC_MESSAGES/ask.mo
	@# (`install -D -m 644`), one in `uninstall` removes them, and `make deb`
	@# ships them as they are (DebianPackageTests lists them).

# Removes exactly the files `install` put there (the directories may be
# shared with other packages).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/ask $(DESTDIR)$(BINDIR)/ask-askpass $(DESTDIR)$(BINDIR)/ask-pinentry \
	  $(DESTDIR)$(MAN1DIR)/ask.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/ask $(DESTDIR)$(ZSHCOMPDIR)/_ask \
	  $(DESTDIR)$(FISHCOMPDIR)/ask.fish

# The Debian package ask_VERSION_ARCH.deb, built by dpkg-deb alone from
# `make install`'s files and debian/'s metadata (no debhelper, no network
# once the packages are there): the binary stripped, the man page and
# changelog compressed as Debian policy asks (gzip -9n: no name or time in
# them), the links' man pages as links to ask.1.gz, the copyright file, the
# lintian overrides, the maintainer scripts (the alternatives), md5sums;
# every file root's, 0644 or 0755. ASK_BIN, as for install, names the
# binary to ship instead of building the release one.
deb: PACKAGES += $(DEB_PACKAGES)
deb: deps
	rm -rf $(DEB_ROOT)
	$(MAKE) -s install PREFIX=/usr DESTDIR=$(CURDIR)/$(DEB_ROOT) \
	  ZSHCOMPDIR=/usr/share/zsh/vendor-completions ASK_BIN=$(ASK_BIN)
	strip --strip-all --remove-section=.comment --remove-section=.note $(DEB_ROOT)/usr/bin/ask
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/ask.1
	ln -s ask.1.gz $(DEB_ROOT)/usr/share/man/man1/ask-askpass.1.gz
	ln -s ask.1.gz $(DEB_ROOT)/usr/share/man/man1/ask-pinentry.1.gz
	install -d $(DEB_ROOT)/usr/share/doc/ask $(DEB_ROOT)/usr/share/lintian/overrides $(DEB_ROOT)/DEBIAN
	install -m 644 debian/copyright $(DEB_ROOT)/usr/share/doc/ask/copyright
	gzip -9n <debian/changelog >$(DEB_ROOT)/usr/share/doc/ask/changelog.Debian.gz
	install -m 644 debian/ask.lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/ask
	install -m 755 debian/postinst debian/prerm $(DEB_ROOT)/DEBIAN/
	chmod -R u=rwX,go=rX $(DEB_ROOT)
	cd $(DEB_ROOT) && find usr -type f | LC_ALL=C sort | xargs md5sum >DEBIAN/md5sums
	@# Installed-Size as dpkg-gencontrol counts it: each file's KiB, rounded
	@# up, and 1 for each directory and link.
	size=$$(cd $(DEB_ROOT) && find usr \( -type f -printf '%s\n' \) -o -printf '1\n' \
	  | awk '{ kib += int(($$1 + 1023) / 1024) } END { print kib }') && \
	  glibc=$$(dpkg-query -W -f='$${source:Package} (= $${source:Version})' libc6-dev) && \
	  grep -v '^#' debian/control | sed -e 's/$${version}/$(DEB_VERSION)/' \
	    -e 's/$${architecture}/$(DEB_ARCH)/' -e "s/\$${installed-size}/$$size/" \
	    -e "s/\$${built-using}/$$glibc/" >$(DEB_ROOT)/DEBIAN/control
	chmod 644 $(DEB_ROOT)/DEBIAN/control $(DEB_ROOT)/DEBIAN/md5sums
	mkdir -p $(DEBDIR)
	SOURCE_DATE_EPOCH=$(DEB_DATE) dpkg-deb --root-owner-group --build $(DEB_ROOT) $(DEB)
	$(if $(LINTIAN),$(LINTIAN) $(DEB))

clean:
	rm -rf .build
