print("scenec")
