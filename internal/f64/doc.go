package f64

//go:generate go run ../fgen -format f64
