package bf16

//go:generate go run ../fgen -format bf16
