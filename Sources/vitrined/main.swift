print("vitrined")
