// Filled by the real-text-metrics work (FreeTypeTextMeasurer).
