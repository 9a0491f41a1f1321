# Roundel — `make run` opens the window, `make test` runs every test. Both install what they need.
SWIFT ?= swift
SIZE ?= 512x512
APT_PACKAGES := libsdl2-dev libpng-dev pkg-config unifont xvfb
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release run test render clean

# Idempotent: installs only the Debian packages that are missing (apt-get; sudo only when not root).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	$$($(SWIFT) build -c release --show-bin-path)/roundel run

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

render: release
	mkdir -p out
	$$($(SWIFT) build -c release --show-bin-path)/roundel render testcard --at 0 --size $(SIZE) --out out/testcard.png

clean:
	rm -rf .build out
