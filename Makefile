# Roundel — `make run` opens the window, `make test` runs every test. Both install what they need.
SWIFT ?= swift
SIZE ?= 512x512
# g++: its libstdc++ development files, which the release build's static Swift runtime links against
# (Debian's swiftlang brings gcc but not them: "cannot find -lstdc++").
APT_PACKAGES := libsdl2-dev libx11-dev libpng-dev libsqlite3-dev libpq-dev libsystemd-dev libfribidi-dev libwebp-dev pkg-config g++ unifont xvfb
# The kiosk's control page and API (the Control module): GNU libmicrohttpd serves them, libqrencode
# draws the link's QR code (roundel control-link).
APT_PACKAGES += libmicrohttpd-dev libqrencode-dev
# Only for `make test` and `make bench`: ffmpeg (ffprobe) checks and times `roundel record`'s MP4s
# (the app needs it only to write MP4); GNU time measures a child's peak memory (LimitTests);
# xdotool drives a kiosk on Xvfb as a keyboard would (KioskOperatorTests); xclip holds a 2 MB
# clipboard for a real window to paste (WindowTests); e2fsprogs makes the small ext4 file systems the
# storage tests loop-mount, and python3 leaves an earlier Roundel's WAL there; libfaketime sets the
# wall clock a window sees while it runs (WallClockTests). man-db and bsdextrautils (col) read the
# installed roundel(1) (scripts/test-install.sh). postgresql is the server the tests and benchmarks of
# the record on PostgreSQL run against (WITH_TEST_POSTGRES). zbar-tools (zbarimg) reads the control
# page's QR codes back from the terminal's and the window's pictures, as a phone would.
TEST_PACKAGES := ffmpeg time xdotool xclip e2fsprogs python3 faketime tzdata man-db bsdextrautils postgresql zbar-tools
# Headless Chromium and its chromedriver open the kiosk's phone control page as a phone would
# (ControlPageTests, through Tests/TestBrowser).
TEST_PACKAGES += chromium chromium-driver
# A command run with a PostgreSQL server of its own (scripts/test-postgres.sh run: a temporary folder,
# a unix socket only, the ROUNDEL_TEST_PG* variables exported), stopped however the command ends.
WITH_TEST_POSTGRES := scripts/test-postgres.sh run
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release run test render clean bench check-arm64 install uninstall fuzz man

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

# Release builds link the Swift runtime into the binary (--static-swift-stdlib): the installed roundel
# needs only the Debian libraries it names, not the toolchain's folder (docs/performance.md: what it
# costs). They are built for this machine's CPU family (Package.swift), except a DESTDIR install (a
# package, `make deb`) or ROUNDEL_PORTABLE=1, which build for the CPU baseline in .build-portable.
ROUNDEL_PORTABLE ?= $(if $(DESTDIR),1)
RELEASE_FLAGS := -c release --static-swift-stdlib
ifneq ($(ROUNDEL_PORTABLE),)
RELEASE_SCRATCH := .build-portable
RELEASE_BUILD := ROUNDEL_PORTABLE=1 $(SWIFT) build $(RELEASE_FLAGS) --scratch-path $(RELEASE_SCRATCH)
else
RELEASE_SCRATCH := .build
RELEASE_BUILD := env -u ROUNDEL_PORTABLE $(SWIFT) build $(RELEASE_FLAGS)
endif
RELEASE_BIN := $(RELEASE_SCRATCH)/release/roundel

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
	@[ -x $(RELEASE_BIN) ] || echo "make: building Roundel for the first time (release): about 2 minutes on a desktop, 10 to 15 on a Raspberry Pi"
	$(RELEASE_BUILD)

# The binary in $(PREFIX)/bin, the fonts, ring and examples in $(PREFIX)/share/roundel/assets (found
# from the binary's place), the README (and LICENSE) in $(PREFIX)/share/doc/roundel, roundel(1) and
# man/*.5 in $(PREFIX)/share/man, the kiosk's systemd unit in $(PREFIX)/lib/systemd/system with its
# paths set to $(PREFIX). DESTDIR stages a package (built for the CPU baseline, see above).
MAN5 := $(notdir $(wildcard man/*.5))
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/roundel $(DESTDIR)$(PREFIX)/lib/systemd/system $(DESTDIR)$(PREFIX)/share/doc/roundel $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/roundel
	install -m 644 man/roundel.1 $(DESTDIR)$(PREFIX)/share/man/man1/roundel.1
	$(if $(MAN5),install -d $(DESTDIR)$(PREFIX)/share/man/man5 && install -m 644 $(addprefix man/,$(MAN5)) $(DESTDIR)$(PREFIX)/share/man/man5/)
	$(if $(wildcard LICENSE),install -m 644 LICENSE $(DESTDIR)$(PREFIX)/share/doc/roundel/LICENSE)
	rm -rf $(DESTDIR)$(PREFIX)/share/roundel/assets
	cp -R assets $(DESTDIR)$(PREFIX)/share/roundel/assets
	install -m 644 README.md $(DESTDIR)$(PREFIX)/share/doc/roundel/README.md
	sed 's|/usr/local|$(PREFIX)|g' assets/roundel-kiosk.service > $(DESTDIR)$(PREFIX)/lib/systemd/system/roundel-kiosk.service
	@echo "make install: $(DESTDIR)$(PREFIX)/bin/roundel ($$($(DESTDIR)$(PREFIX)/bin/roundel --version))"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/roundel $(DESTDIR)$(PREFIX)/lib/systemd/system/roundel-kiosk.service
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/roundel.1 $(addprefix $(DESTDIR)$(PREFIX)/share/man/man5/,$(MAN5))
	rm -rf $(DESTDIR)$(PREFIX)/share/roundel $(DESTDIR)$(PREFIX)/share/doc/roundel

run: release
	$(RELEASE_BIN) run

# CLITests' ExamplePackageTests builds Examples/RenderWheel (a package of its own, the library
# products through `.package(path:)`) with this same Swift: one to two minutes more in a fresh
# clone (a debug build of Scenes and what it needs, in Examples/RenderWheel/.build).
export SWIFT
test: deps
	$(call install-missing,$(TEST_PACKAGES),test)
	$(SWIFT) build --build-tests
	$(WITH_TEST_POSTGRES) $(SWIFT) test --skip-build
	scripts/man-page.sh check
	scripts/test-install.sh
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)
	$(MAKE) --no-print-directory test-deb

# libFuzzer harnesses (Tests/Fuzz: config → scenes, BDF, .hex, PNG, names list, state database), built
# with -sanitize=fuzzer,address apart from the normal build (.build-fuzz) and run for FUZZ_SECONDS each
# from the seed corpora in Tests/Fuzz/Corpus (new finds kept in .build-fuzz/corpus). A crash, a leak
# of more than FUZZ_RSS_MB or an input slower than 10 s stops it with the input saved as
# .build-fuzz/crash-HARNESS-*; `make test` runs each for FUZZ_SMOKE_SECONDS.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_RSS_MB ?= 1024
FUZZ_LD ?= lld
FUZZERS := FuzzConfig FuzzBDF FuzzHex FuzzPNG FuzzNames FuzzState
# FuzzConfig loads the fonts once for every input and keeps them to the end: no leak check for it.
FUZZ_ENV_FuzzConfig := ASAN_OPTIONS=detect_leaks=0
FUZZ_BUILD := ROUNDEL_FUZZ=1 $(SWIFT) build --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address \
	-Xswiftc -parse-as-library -Xswiftc -use-ld=$(FUZZ_LD)
fuzz: deps
	@for f in $(FUZZERS); do $(FUZZ_BUILD) --product $$f 2>&1 | grep -v "Cannot export local symbol" | tail -1 || exit 1; done
	@for f in $(FUZZERS); do \
	  mkdir -p .build-fuzz/corpus/$$f; \
	  echo "make fuzz: $$f for $(FUZZ_SECONDS) s"; \
	  vars="ASAN_OPTIONS=detect_leaks=1"; [ $$f = FuzzConfig ] && vars="$(FUZZ_ENV_FuzzConfig)"; \
	  env $$vars .build-fuzz/debug/$$f -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=$(FUZZ_RSS_MB) -timeout=10 \
	    -print_final_stats=1 -artifact_prefix=.build-fuzz/crash-$$f- \
	    .build-fuzz/corpus/$$f Tests/Fuzz/Corpus/$$f > .build-fuzz/$$f.log 2>&1; status=$$?; \
	  grep -E "DONE|^stat::number_of_executed_units|^stat::peak_rss_mb" .build-fuzz/$$f.log | tr '\n' ' '; echo; \
	  if [ $$status != 0 ]; then tail -30 .build-fuzz/$$f.log; echo "make fuzz: $$f failed (see .build-fuzz/$$f.log)"; exit 1; fi; \
	done

# roundel-config(5) is written once, as docs/configuration.md; the page is made from it and committed,
# so installing needs neither python3 nor the script. `make test` fails while the page is stale
# (ConfigReferenceTests).
.PHONY: man
man: man/roundel-config.5
man/roundel-config.5: docs/configuration.md scripts/md2man.py
	$(call install-missing,python3,man)
	python3 scripts/md2man.py docs/configuration.md > $@.tmp && mv $@.tmp $@

render: release
	mkdir -p out
	$(RELEASE_BIN) render testcard --at 0 --size $(SIZE) --out out/testcard.png

clean:
	rm -rf .build .build-fuzz .build-portable .build-install out Examples/RenderWheel/.build

# roundel(1) is generated from the command definitions (argument-parser's generate-manual plugin) and
# committed as man/roundel.1, so installing needs no plugin build; `make test` fails when it is stale.
man: deps
	scripts/man-page.sh write

# `roundel bench` at 1080p beside cairo drawing the same wheel frames (bench/cairo-wheel.c), and the
# draws a second a prize pool on a PostgreSQL server takes (--pool: a new database on the test server). cairo is
# installed here only (libcairo2-dev, if missing); the app and `make test` never use it.
BENCH_SIZE ?= 1920x1080
BENCH_FRAMES ?= 120
# e.g. BENCH_BUILD_FLAGS="--scratch-path .build-bench" to build apart from a checkout's other builds.
BENCH_BUILD_FLAGS ?=
# After the timings, the instructions a 1080p wheel frame takes (callgrind: exact, unlike wall time on
# a busy machine), for this machine's build and for the CPU baseline (ROUNDEL_PORTABLE=1, as ARM64
# and other x86-64 machines build).
BENCH_PACKAGES := libcairo2-dev valgrind
bench: deps
	$(call install-missing,$(TEST_PACKAGES) $(BENCH_PACKAGES),bench)
	$(SWIFT) build $(RELEASE_FLAGS) $(BENCH_BUILD_FLAGS)
	ROUNDEL_PORTABLE=1 $(SWIFT) build $(RELEASE_FLAGS) --scratch-path .build-portable
	mkdir -p .build
	gcc -O2 -o .build/cairo-wheel bench/cairo-wheel.c $$(pkg-config --cflags --libs cairo) -lm
	$(WITH_TEST_POSTGRES) bash -c 'pool=$$(scripts/test-postgres.sh createdb bench) || pool=; exec "$$0" bench "$$@" $${pool:+--pool "$$pool"}' \
	  $$($(SWIFT) build $(RELEASE_FLAGS) $(BENCH_BUILD_FLAGS) --show-bin-path)/roundel --size $(BENCH_SIZE) --frames $(BENCH_FRAMES) --cairo .build/cairo-wheel --record
	@echo "instructions a $(BENCH_SIZE) wheel frame (callgrind, --frames 12 minus --frames 2, / 10):"
	@echo "  this machine's build: $$(scripts/instructions-per-frame.sh $$($(SWIFT) build $(RELEASE_FLAGS) $(BENCH_BUILD_FLAGS) --show-bin-path)/roundel wheel $(BENCH_SIZE))"
	@echo "  CPU baseline build:   $$(scripts/instructions-per-frame.sh .build-portable/release/roundel wheel $(BENCH_SIZE))"

# ARM64 with the Swift a Raspberry Pi gets (Debian trixie's swiftlang 6.0.3), under qemu-user in a
# debootstrapped trixie root, and its renders compared with this machine's (scripts/check-arm64.sh).
# Slow (an hour the first time) and needs root; not part of `make test`.
check-arm64: release
	bash scripts/check-arm64.sh

# Debian packages (docs/packaging.md): `make deb` makes out/roundel_<version>_<arch>.deb for this
# machine (scripts/make-deb.sh: `make install` into a stage, Depends from dpkg-shlibdeps);
# `make deb-arm64` the arm64 one, built in check-arm64's root under qemu (an hour the first time,
# root needed) and installed and run in a clean arm64 trixie root (scripts/test-deb.sh).
# `make test-deb` (part of `make test`): this machine's package installed and run in a clean Debian
# root (scripts/test-deb.sh: debootstrap the first time, cached in /var/tmp; needs root).
.PHONY: deb deb-arm64 test-deb
deb: deps
	$(call install-missing,dpkg-dev,deb)
	MAKE="$(MAKE)" bash scripts/make-deb.sh
deb-arm64:
	bash scripts/deb-arm64.sh
test-deb: deb
	$(SUDO) bash scripts/test-deb.sh $$(ls -t out/roundel_*_$$(dpkg --print-architecture).deb | head -1)
