// Host puts Roundel's frames on screen through SDL2; it is the only module that imports CSDL2.
// A frame is a premultiplied ARGB8888 Pixmap (= SDL_PIXELFORMAT_ARGB8888) copied straight into one
// streaming texture; nothing below Host knows SDL. Public face:
//   runWindow(scene:size:title:)  open a window and show a scene until Esc or close (the CLI's entry)
//   Window                        the window, its renderer, texture and canvas; `run(scene:)`
//   HostError                     one-line reasons, e.g. no display and what to do instead
//   renderThroughTexture(_:)      a Pixmap through SDL's texture path and back, with no display
import Scenes

/// Opens a resizable window of `size` (window units) titled `title`, shows `scene` until Esc is
/// pressed or the window is closed, then closes it. Throws `.noDisplay` when there is no display.
public func runWindow(scene: Scene, size: (width: Int, height: Int), title: String) throws(HostError) {
    let window = try Window(title: title, width: size.width, height: size.height)
    try window.run(scene: scene)
}
