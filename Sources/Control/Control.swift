// The Control module's public face: the kiosk's control API over HTTP (GNU libmicrohttpd, its own
// threads), talking to the window through one thread-safe queue. Scenes know nothing of HTTP; the
// window (Host) takes commands between frames and publishes what a phone shows.
//
// - `ControlServer(listen:token:queue:board:statePath:)` serves GET /api/state, /api/events (the
//   state as server-sent events), /api/history.csv (the record at `statePath`), POST /api/spin,
//   /api/scene, /api/timer, /api/event, every request with `Authorization: Bearer TOKEN`.
// - `ControlToken.read(from:)` / `.readOrMake(in:)`: the token (a file only its owner can read).
// - `CommandQueue`: `ControlCommand`s the window `take`s and answers with a `ControlReply`.
// - `StateBoard`: the `ControlState` the window publishes and GET /api/state shows.
