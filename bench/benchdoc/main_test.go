package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTableFromPage(t *testing.T) {
	page := filepath.Join(t.TempDir(), "p.md")
	text := "# Title\n\nprose | with a bar\n\n| a | b | c |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n\nmore\n\n| x |\n| --- |\n| y |\n"
	if err := os.WriteFile(page, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	all, err := tableFromPage(page, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := "| a | b | c |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n"; all != want {
		t.Errorf("every column:\n%s\nwant\n%s", all, want)
	}
	some, err := tableFromPage(page, " c; a ")
	if err != nil {
		t.Fatal(err)
	}
	if want := "| c | a |\n| --- | --- |\n| 3 | 1 |\n"; some != want {
		t.Errorf("columns c; a:\n%s\nwant\n%s", some, want)
	}
	if _, err := tableFromPage(page, "a; d"); err == nil {
		t.Error("a column the table does not have was accepted")
	}
	if err := os.WriteFile(page, []byte("no table\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := tableFromPage(page, ""); err == nil {
		t.Error("a page without a table was accepted")
	}
}
