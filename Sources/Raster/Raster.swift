// Raster: Roundel's software rasterizer. Exact-area coverage (no supersampling), premultiplied
// ARGB8888 pixels in native-endian UInt32 (0xAARRGGBB, SDL_PIXELFORMAT_ARGB8888), y down, angles in
// radians clockwise from 3 o'clock. No dependencies beyond libc.
//
// Public face:
//   Pixmap(width:height:)          the pixel buffer (pixels, stride, subscript[x, y]); maxSide 16384
//   Canvas(width:height:)          a Pixmap plus reusable scratch: fill(_:color:), stroke(_:style:color:),
//                                  draw(_:transform:) an image, clip, transform; allocates nothing once warm
//   Color(rgb:), Color(hex:)       straight RGBA in, `premultiplied` out; unpremultiply(_:) back
//   Path, StrokeStyle, Transform   geometry: lines, arcs, sectors; caps, joins, dashes, trim; affine maps
//   Point, Size, Rect, PixelRect, Angle   coordinates in px
