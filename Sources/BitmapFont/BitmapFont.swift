// BitmapFont
