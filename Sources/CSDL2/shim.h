// SDL2 for Swift: the one header the Host module sees. SDL_MAIN_HANDLED keeps SDL from renaming main.
// Included as <SDL2/SDL.h> from the compiler's own include path (Debian, Raspberry Pi OS: /usr/include),
// not through pkg-config, whose `-D_REENTRANT` SwiftPM refuses with a warning on every build.
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
