//! The tokens of an EDGE program, each with its position. Whitespace and
//! newlines separate tokens and nothing else; `#` starts a comment that runs
//! to the end of the line.

use super::error::{Error, Span};

/// A token's kind.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// A name: a tensor, rank, size, parameter, operator or keyword.
    Name(String),
    /// An integer literal.
    Int(i64),
    /// A literal with a fraction or an exponent.
    Float(f64),
    /// Punctuation and operators: `[ ] ( ) { } , : :: = <- == != < <= > >= + - * / !`.
    Sym(&'static str),
    /// The end of the text.
    End,
}

/// A token and where it is.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// The symbols, longest first so that `::` wins over `:`.
const SYMBOLS: [&str; 22] = [
    "::", "<-", "==", "!=", "<=", ">=", "[", "]", "(", ")", "{", "}", ",", ":", "=", "<", ">", "+",
    "-", "*", "/", "!",
];

/// Splits `text` into tokens, ending with [`Tok::End`].
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, Error> {
    let mut out = Vec::new();
    let (mut line, mut col) = (1u32, 1u32);
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        let start = Span::at(line, col, 1);
        if c == '\n' {
            chars.next();
            (line, col) = (line + 1, 1);
            continue;
        }
        if c.is_whitespace() {
            chars.next();
            col += 1;
            continue;
        }
        if c == '#' {
            while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                chars.next();
            }
            continue;
        }
        let rest = &text[at..];
        let (tok, len) = if c.is_ascii_alphabetic() || c == '_' {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            (Tok::Name(rest[..len].to_string()), len)
        } else if c.is_ascii_digit()
            || (c == '.' && rest[1..].starts_with(|c: char| c.is_ascii_digit()))
        {
            number(rest, start)?
        } else if let Some(sym) = SYMBOLS.iter().find(|s| rest.starts_with(**s)) {
            (Tok::Sym(sym), sym.len())
        } else {
            return Err(Error::syntax(start, format!("unexpected character '{c}'")));
        };
        out.push(Token {
            tok,
            span: Span::at(line, col, len as u32),
        });
        for _ in 0..len {
            chars.next();
        }
        col += len as u32;
    }
    out.push(Token {
        tok: Tok::End,
        span: Span::at(line, col, 1),
    });
    Ok(out)
}

/// The number at the start of `rest` and its length in bytes.
fn number(rest: &str, span: Span) -> Result<(Tok, usize), Error> {
    let bytes = rest.as_bytes();
    let mut len = 0;
    let mut float = false;
    let digits = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    len = digits(len);
    if bytes.get(len) == Some(&b'.') {
        float = true;
        len = digits(len + 1);
    }
    if matches!(bytes.get(len), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(len + 1), Some(b'+' | b'-')));
        if bytes.get(len + 1 + sign).is_some_and(u8::is_ascii_digit) {
            float = true;
            len = digits(len + 1 + sign);
        }
    }
    let text = &rest[..len];
    let tok = if float {
        text.parse().map(Tok::Float).ok()
    } else {
        text.parse().map(Tok::Int).ok()
    };
    let span = Span {
        len: len as u32,
        ..span
    };
    tok.map(|t| (t, len)).ok_or_else(|| {
        Error::syntax(
            span,
            format!("'{text}' is not a number this language can hold"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        tokens(text).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn symbols_numbers_names_and_comments() {
        use Tok::*;
        assert_eq!(
            kinds("Z[m] <- 2.5e1 :: x# note\n<= 7 .5"),
            vec![
                Name("Z".into()),
                Sym("["),
                Name("m".into()),
                Sym("]"),
                Sym("<-"),
                Float(25.0),
                Sym("::"),
                Name("x".into()),
                Sym("<="),
                Int(7),
                Float(0.5),
                End
            ]
        );
    }

    #[test]
    fn positions_count_lines_and_columns() {
        let t = tokens("a\n  bb = 3").unwrap();
        assert_eq!((t[1].span.line, t[1].span.col, t[1].span.len), (2, 3, 2));
        assert_eq!((t[2].span.line, t[2].span.col), (2, 6));
        let e = tokens("a = 3 $").unwrap_err();
        assert_eq!((e.span().line, e.span().col), (1, 7));
        assert!(tokens("99999999999999999999").is_err());
    }
}
