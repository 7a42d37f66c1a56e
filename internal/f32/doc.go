package f32

//go:generate go run ../fgen -format f32
