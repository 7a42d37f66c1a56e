package kernel

// tokKind classifies a lexical token of PTX text.
type tokKind uint8

const (
	tEOF    tokKind = iota
	tIdent          // opcodes, directives, registers, labels, symbols: [A-Za-z_$%.][A-Za-z0-9_$%.]*
	tNumber         // 12, 0x1fU, 0f3F800000, 0d3FF0000000000000, 1.5
	tString         // "nounroll"
	tPunct          // one of , ; : [ ] { } ( ) + - @ ! < > = |
)

type token struct {
	kind tokKind
	text string
	line int
}

// lex splits src into tokens, dropping // and /* */ comments. It never fails:
// an unknown byte becomes a one-byte punctuation token that the parser rejects.
func lex(src []byte) []token {
	var toks []token
	line := 1
	i := 0
	n := len(src)
	for i < n {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			i += 2
			for i < n && !(src[i] == '*' && i+1 < n && src[i+1] == '/') {
				if src[i] == '\n' {
					line++
				}
				i++
			}
			i += 2
		case isIdentStart(c):
			j := i + 1
			for j < n && isIdentChar(src[j]) {
				j++
			}
			toks = append(toks, token{tIdent, string(src[i:j]), line})
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < n && (isIdentChar(src[j]) && src[j] != '%' && src[j] != '$') {
				j++
			}
			toks = append(toks, token{tNumber, string(src[i:j]), line})
			i = j
		case c == '"':
			j := i + 1
			for j < n && src[j] != '"' && src[j] != '\n' {
				j++
			}
			if j < n && src[j] == '"' {
				j++
			}
			toks = append(toks, token{tString, string(src[i:j]), line})
			i = j
		default:
			toks = append(toks, token{tPunct, string(src[i : i+1]), line})
			i++
		}
	}
	toks = append(toks, token{tEOF, "", line})
	return toks
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '%' || c == '.'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}
