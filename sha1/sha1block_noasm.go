package sha1

func block(d *digest, p []byte) { blockGeneric(d, p) }
