// Draws: who or what can win, choosing the winner fairly before anything moves, and the record of
// every draw, which survives a power cut. Knows nothing of pixels: the wheel shows what Draws decided.
// The record is SQLite through its C API (CSQLite); the file's invariants are in Ledger.swift.
//
// Public face:
//   Entry, EntryKey, AfterWin     an entry (text, value, weight, stock, prize), its identity, keep | remove
//   NamesFile                     names lists: one entry a line, `text<TAB>weight`, `<TAB>no prize`, # comments
//   NameText                      what a name may hold: no control characters
//   Standing, Winnings            what each entry can do now: stock left, removed, can win, odds
//   Raffle, DrawGenerator         choose (seeded or getrandom) then record; resume; paste; new event
//   Ledger, Round, DrawRecord     the SQLite record: open/lock/check, rounds, draws, events, history, verify
//   EventSummary                  what an event gave out: per entry won and stock left, totals
//   LocalTime                     a stored UTC time in the local zone with its offset (history)
//   CSVText                       CSV fields safe to print and to open in a spreadsheet
//   DrawError                     one-line reasons naming the file; `isNothingLeft` for exit 3
//   JSONText                      numbers and strings for one-line JSON
