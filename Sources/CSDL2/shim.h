// SDL2 for Swift: the one header the Host module sees. SDL_MAIN_HANDLED keeps SDL from renaming main.
#define SDL_MAIN_HANDLED 1
#include <SDL.h>
