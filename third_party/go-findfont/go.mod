module github.com/flopp/go-findfont

go 1.13
