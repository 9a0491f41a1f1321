// libpng for Swift. Only the simplified API (png_image_*) is used: it reports errors through
// png_image.message instead of longjmp, so no setjmp frame ever crosses Swift code.
// zlib (libpng's own dependency) inflates and deflates an interlaced 16-bit image's pixels so that
// Deinterlace.swift can hand libpng the same image without interlacing.
#include <png.h>
#include <zlib.h>
