module github.com/cudafp/cudafp

go 1.26
