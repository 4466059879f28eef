package blake2

import (
	"errors"
	"strconv"
)

// Params are the fields of a BLAKE2 parameter block as the packages' Params
// hold them (the same fields in the same order, so that a *Params of either
// package converts to a *Params of this one).
type Params struct {
	Size                   int
	Key, Salt, Personal    []byte
	FanOut, MaxDepth       uint8
	LeafLength             uint32
	NodeOffset             uint64
	NodeDepth, InnerLength uint8
	IsLastNode             bool
}

// Limits are the lengths a BLAKE2 function allows in its parameter block
// (RFC 7693 section 2.5): the checks are the same for BLAKE2b and BLAKE2s,
// the limits and the block's layout are not.
type Limits struct {
	Pkg            string // "hashkit/blake2b", in error messages
	Size           int    // the longest digest and key in bytes
	SaltSize       int    // the length of a salt and of a personalization
	NodeOffsetBits int    // the width of the node offset field
}

func (l *Limits) err(what string) error { return errors.New(l.Pkg + ": " + what) }

// CheckSizes returns an error unless a digest of size bytes and a key of
// keyLen bytes are allowed. It inlines into New; the error is built apart.
func (l *Limits) CheckSizes(size, keyLen int) error {
	if size < 1 || size > l.Size || keyLen > l.Size {
		return l.sizeError(size)
	}
	return nil
}

func (l *Limits) sizeError(size int) error {
	if size < 1 || size > l.Size {
		return l.err("invalid hash size: must be 1 to " + strconv.Itoa(l.Size) + " bytes")
	}
	return l.err("invalid key size: must be at most " + strconv.Itoa(l.Size) + " bytes")
}

// Check validates every length of p and returns the fan-out and maximal
// depth to write: both 1 for the sequential mode, where p leaves them zero.
func (l *Limits) Check(p *Params) (fanOut, maxDepth uint8, err error) {
	if p == nil {
		return 0, 0, l.err("nil Params")
	}
	if err := l.CheckSizes(p.Size, len(p.Key)); err != nil {
		return 0, 0, err
	}
	salt := strconv.Itoa(l.SaltSize)
	if len(p.Salt) != 0 && len(p.Salt) != l.SaltSize {
		return 0, 0, l.err("invalid salt size: must be 0 or " + salt + " bytes")
	}
	if len(p.Personal) != 0 && len(p.Personal) != l.SaltSize {
		return 0, 0, l.err("invalid personalization size: must be 0 or " + salt + " bytes")
	}
	if int(p.InnerLength) > l.Size {
		return 0, 0, l.err("invalid InnerLength: must be at most " + strconv.Itoa(l.Size))
	}
	if l.NodeOffsetBits < 64 && p.NodeOffset>>l.NodeOffsetBits != 0 {
		return 0, 0, l.err("invalid NodeOffset: must fit in " + strconv.Itoa(l.NodeOffsetBits) + " bits")
	}
	fanOut, maxDepth = p.FanOut, p.MaxDepth
	if fanOut == 0 && maxDepth == 0 {
		return 1, 1, nil
	}
	if maxDepth == 0 {
		return 0, 0, l.err("invalid tree parameters: MaxDepth must be at least 1 when FanOut is set")
	}
	return fanOut, maxDepth, nil
}

// CheckXOF returns an error if p is nil or sets more than the key, salt and
// personalization, which is all BLAKE2X takes: it fixes the other fields of
// the parameter block itself.
func (l *Limits) CheckXOF(p *Params) error {
	if p == nil {
		return l.err("nil Params")
	}
	if p.Size != 0 || p.FanOut != 0 || p.MaxDepth != 0 || p.LeafLength != 0 || p.NodeOffset != 0 ||
		p.NodeDepth != 0 || p.InnerLength != 0 || p.IsLastNode {
		return l.err("NewXOFWithParams takes only Key, Salt and Personal; Size and the tree fields must be zero")
	}
	return nil
}
