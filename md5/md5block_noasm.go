package md5

func block(d *digest, p []byte) { blockGeneric(d, p) }
