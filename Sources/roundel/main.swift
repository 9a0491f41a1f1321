print("roundel")
