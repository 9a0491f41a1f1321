// PNGCodec
