// Xlib for Swift, for the one thing SDL2 cannot do on X11: read a large clipboard (Host/X11Clipboard).
// libX11 is already loaded with SDL's X11 driver (libsdl2-dev depends on libx11-dev). Xlib's masks are
// macros of shifted longs, which Swift does not import: they are restated here as constants.
#include <X11/Xlib.h>
#include <X11/Xatom.h>

static const long roundel_PropertyChangeMask = PropertyChangeMask;
