// wmemset from the C library: its wchar_t is 32 bits on Linux (and macOS), so it fills runs of
// ARGB8888 pixels, with the widest stores the CPU has, chosen at run time (see Raster/PixelFill.swift).
#include <wchar.h>
