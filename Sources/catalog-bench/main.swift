print("catalog-bench: not written yet")
