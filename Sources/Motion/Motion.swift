// Motion
