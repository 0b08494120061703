//! Errors of EDGE programs: where (line and column), which class, and why.

use std::fmt;

/// A position in a program's text: 1-based line and column, and the length
/// of the token or construct it points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1 (characters).
    pub col: u32,
    /// Characters covered (at least 1).
    pub len: u32,
}

impl Span {
    pub(super) fn at(line: u32, col: u32, len: u32) -> Span {
        Span {
            line,
            col,
            len: len.max(1),
        }
    }

    /// The span from `self` to the end of `other` (on `self`'s line).
    pub(super) fn to(self, other: Span) -> Span {
        let len = if other.line == self.line {
            (other.col + other.len).saturating_sub(self.col)
        } else {
            self.len
        };
        Span::at(self.line, self.col, len)
    }
}

/// What kind of mistake an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text does not follow the grammar.
    Syntax,
    /// A name is unknown, declared twice, or used as the wrong kind of thing.
    Name,
    /// Ranks, shapes or element types do not fit together.
    Mismatch,
    /// A declared empty value contradicts the operators' identity or annihilator.
    Property,
    /// Valid EDGE that the engine cannot express (the message says which extension).
    Unsupported,
    /// The program's inputs, or the engine while running it, failed.
    Run,
}

/// An error in an EDGE program: its class, position and reason.
#[derive(Clone, Debug)]
pub struct Error {
    kind: ErrorKind,
    span: Span,
    message: String,
    /// The line of source the span points into, when known.
    source_line: Option<String>,
    engine: Option<crate::Error>,
}

impl Error {
    pub(super) fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Error {
        Error {
            kind,
            span,
            message: message.into(),
            source_line: None,
            engine: None,
        }
    }

    pub(super) fn syntax(span: Span, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Syntax, span, message)
    }

    /// An engine error raised while running the construct at `span`.
    pub(super) fn engine(span: Span, e: crate::Error) -> Error {
        let mut err = Error::new(ErrorKind::Run, span, e.to_string());
        err.engine = Some(e);
        err
    }

    /// Attaches the program's text, for the excerpt [`Display`](fmt::Display) shows.
    pub(super) fn in_source(mut self, text: &str) -> Error {
        let line = text.lines().nth(self.span.line as usize - 1);
        self.source_line = line.map(str::to_string);
        self
    }

    /// The class of the error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Where it is.
    pub fn span(&self) -> Span {
        self.span
    }

    /// Why, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The engine's error, when the engine raised it.
    pub fn engine_error(&self) -> Option<&crate::Error> {
        self.engine.as_ref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Span { line, col, len } = self.span;
        write!(f, "line {line}, column {col}: {}", self.message)?;
        if let Some(text) = &self.source_line {
            let pad = " ".repeat(col as usize - 1);
            write!(f, "\n  {text}\n  {pad}{}", "^".repeat(len as usize))?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
