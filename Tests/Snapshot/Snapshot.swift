// Snapshot
