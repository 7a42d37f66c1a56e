package f16

//go:generate go run ../fgen -format f16
