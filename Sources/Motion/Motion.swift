// Motion: timing curves, animations as pure functions of time, and spin planning for the wheel.
// No dependencies (not even Raster) and no clock: every function takes the time t in seconds.
// Angles are radians clockwise from 12 o'clock in the wheel's frame (SliceLayout); rotations are cumulative.
//
// Public face:
//   CubicBezier          UnitBezier solve; presets linear, easeIn, easeOut, easeInEaseOut, default, roulette
//   TimingFunction       .cubicBezier(_), .smoothStart, .smoothStop; progress(at:), slope(at:)
//   Animation            from, to, duration, timing → value(at:), velocity(at:)
//   AnimationSequence    back-to-back animations, complete at exactly the sum of durations
//   SliceLayout          where slices lie; index(underPointerAt:) — the one formula for the result
//   SpinProfile, SpinSettings   classic | roulette | smooth (default); duration, turns; validate()
//   WeightedChoice       exact weighted draw from an injected RandomNumberGenerator
//   SeededGenerator      SplitMix64, for --seed and tests
//   Spinner, SpinPhase, SpinPlan   the state machine the scenes use: spin(at:to:using:), rotation(at:), phase(at:)…;
//                        spin(at:endingAt:) lands on an exact rotation (a recorded draw shown again)
//   TraceRow, Spinner.trace(fps:), Spinner.traceCSV(fps:)   `roundel trace wheel`
//   MotionError          every rejection, typed
