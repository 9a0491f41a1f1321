// GNU FriBidi for Swift: the Unicode bidirectional algorithm (logical to visual order) and Arabic
// joining into presentation forms, for labels in Arabic, Hebrew and other right-to-left scripts.
#include <fribidi.h>
