// libpng for Swift. Only the simplified API (png_image_*) is used: it reports errors through
// png_image.message instead of longjmp, so no setjmp frame ever crosses Swift code.
#include <png.h>
