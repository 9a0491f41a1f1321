// libwebp for Swift (`roundel record`): the encoder and the animation encoder (libwebpmux) write
// animated WebP; the demuxer (libwebpdemux) reads one back (tests count its frames).
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
