# Roundel — `make run` opens the window, `make test` runs every test. Both install what they need.
SWIFT ?= swift
SIZE ?= 512x512
APT_PACKAGES := libsdl2-dev libpng-dev libsqlite3-dev libsystemd-dev libfribidi-dev libwebp-dev pkg-config unifont xvfb
# Only for `make test` and `make bench`: ffmpeg (ffprobe) checks and times `roundel record`'s MP4s;
# the app needs it only to write MP4.
TEST_PACKAGES := ffmpeg
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release run test render clean bench check-arm64 install uninstall

# $(call install-missing,PACKAGES,TARGET): apt-get installs those of PACKAGES that are not installed.
define install-missing
@missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "make $(2): installing$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
fi
endef
PREFIX ?= /usr/local

# Idempotent: installs only the Debian packages that are missing (apt-get; sudo only when not root),
# and Swift itself from the distribution when it has it (Debian trixie and later, Raspberry Pi OS on
# trixie: `swiftlang`); elsewhere it stops with one line on where to get Swift.
deps:
	@if ! command -v $(SWIFT) >/dev/null 2>&1; then \
	  if apt-cache show swiftlang >/dev/null 2>&1; then \
	    echo "make deps: installing swiftlang (Swift from the distribution)"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq swiftlang; \
	  else \
	    echo "make deps: Swift is not installed and this system has no swiftlang package: get Swift 6 for Linux from https://www.swift.org/install/linux/ and put its usr/bin on PATH (README, Install)"; \
	    exit 1; \
	  fi; \
	fi
	$(call install-missing,$(APT_PACKAGES),deps)

build: deps
	$(SWIFT) build

release: deps
	@[ -x .build/release/roundel ] || echo "make: building Roundel for the first time (release): about 2 minutes on a desktop, 10 to 15 on a Raspberry Pi"
	$(SWIFT) build -c release

# The binary in $(PREFIX)/bin, the fonts, ring and examples in $(PREFIX)/share/roundel/assets (found
# from the binary's place), the README in $(PREFIX)/share/doc/roundel, the kiosk's systemd unit in $(PREFIX)/lib/systemd/system with its paths
# set to $(PREFIX). DESTDIR stages a package.
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/roundel $(DESTDIR)$(PREFIX)/lib/systemd/system $(DESTDIR)$(PREFIX)/share/doc/roundel
	install -m 755 $$($(SWIFT) build -c release --show-bin-path)/roundel $(DESTDIR)$(PREFIX)/bin/roundel
	rm -rf $(DESTDIR)$(PREFIX)/share/roundel/assets
	cp -R assets $(DESTDIR)$(PREFIX)/share/roundel/assets
	install -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/roundel/README.md
	sed 's|/usr/local|$(PREFIX)|g' assets/roundel-kiosk.service > $(DESTDIR)$(PREFIX)/lib/systemd/system/roundel-kiosk.service
	@echo "make install: $(DESTDIR)$(PREFIX)/bin/roundel ($$($(DESTDIR)$(PREFIX)/bin/roundel --version))"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/roundel $(DESTDIR)$(PREFIX)/lib/systemd/system/roundel-kiosk.service
	rm -rf $(DESTDIR)$(PREFIX)/share/roundel $(DESTDIR)$(PREFIX)/share/doc/roundel

run: release
	$$($(SWIFT) build -c release --show-bin-path)/roundel run

test: deps
	$(call install-missing,$(TEST_PACKAGES),test)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

render: release
	mkdir -p out
	$$($(SWIFT) build -c release --show-bin-path)/roundel render testcard --at 0 --size $(SIZE) --out out/testcard.png

clean:
	rm -rf .build out

# `roundel bench` at 1080p beside cairo drawing the same wheel frames (bench/cairo-wheel.c). cairo is
# installed here only (libcairo2-dev, if missing); the app and `make test` never use it.
BENCH_SIZE ?= 1920x1080
BENCH_FRAMES ?= 120
# e.g. BENCH_BUILD_FLAGS="--scratch-path .build-bench" to build apart from a checkout's other builds.
BENCH_BUILD_FLAGS ?=
bench: deps
	$(call install-missing,$(TEST_PACKAGES),bench)
	@dpkg-query -W -f='$${Status}' libcairo2-dev 2>/dev/null | grep -q "install ok installed" || { \
	  echo "make bench: installing libcairo2-dev"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcairo2-dev; }
	$(SWIFT) build -c release $(BENCH_BUILD_FLAGS)
	mkdir -p .build
	gcc -O2 -o .build/cairo-wheel bench/cairo-wheel.c $$(pkg-config --cflags --libs cairo) -lm
	$$($(SWIFT) build -c release $(BENCH_BUILD_FLAGS) --show-bin-path)/roundel bench --size $(BENCH_SIZE) --frames $(BENCH_FRAMES) --cairo .build/cairo-wheel --record

# ARM64 with the Swift a Raspberry Pi gets (Debian trixie's swiftlang 6.0.3), under qemu-user in a
# debootstrapped trixie root, and its renders compared with this machine's (scripts/check-arm64.sh).
# Slow (an hour the first time) and needs root; not part of `make test`.
check-arm64: release
	bash scripts/check-arm64.sh
