// stage placeholder: replaced as the stage is written
