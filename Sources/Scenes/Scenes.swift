// Scenes: the wheel, the countdown ring, the pie and the clock, each a pure function of its state
// and t (seconds since it started), drawn into a Raster Canvas. Knows no window: Host shows them,
// `roundel render` and a program using this library write them to files. docs/library.md is the guide.
//
// Public face (what a program needs first):
//   SceneResources.loadDefault(assetsDirectory:)   the shipped fonts, loaded once (nil: found, Assets.swift)
//   ConfigFile.load(path:), WheelConfig.load(path:)   a config file read and checked; ConfigError is one line
//   WheelConfig(items:), WheelItem(text:color:…)   a wheel built in code (TimerConfig, PieConfig, ClockConfig alike)
//   SceneCatalog.make(_:config:resources:seed:)    a scene by name ("wheel", "timer", "pie", "clock", "testcard")
//   WheelScene(config:resources:seed:ledger:)      a wheel; spin(at:to:) draws and starts a spin at t
//   Scene.render(into:at:)                         the frame at t into a Canvas of any size
//   WheelScene.state(at:), Scene.jsonLine(at:)     rotation, idle/spinning/stopped and the result at t
//   TimerScene, PieScene, ClockScene               the other scenes (startTime: the wall clock at t = 0)
//   Scene.handle(_:at:frameSize:), SceneInput      input for a program that shows frames itself
// The rest of what is public (panels, themes, words, sounds) serves Host and the `roundel` executable.
