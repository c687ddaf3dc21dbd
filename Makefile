# ask — build, test, demo and install. Every target that needs system
# packages installs them first (idempotent), so a fresh Debian machine with
# the Swift toolchain needs nothing else.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
# Debian packages: libedit (line editing) and pkg-config (to find it).
PACKAGES = libedit-dev pkg-config

.PHONY: all deps build demo test install uninstall clean

all: build

deps:
	@dpkg -s $(PACKAGES) >/dev/null 2>&1 || { \
	  apt-get update && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y $(PACKAGES); }

build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# The seed's "Available Actions" sheet, on this terminal.
demo: build
	@$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask --sheet \
	  -t "Available Actions" -c Cancel -d Destroy Negotiate Compromise; \
	  echo "exit status $$?"

# Unit tests and end-to-end tests on pseudo-terminals.
test: deps
	$(SWIFT) build
	$(SWIFT) test

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/ask $(DESTDIR)$(PREFIX)/bin/ask

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/ask

clean:
	rm -rf .build
