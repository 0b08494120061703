//! The recursive-descent parser: tokens to [`ast::Program`]. The grammar is
//! in the module documentation of [`super`]; each function here parses one of
//! its rules and says which.

use super::ast::*;
use super::error::{Error, ErrorKind, Span};
use super::lex::{tokens, Tok, Token};
use crate::algebra::TypeCode;

/// Words that cannot name a tensor, parameter or size.
const RESERVED: [&str; 14] = [
    "input",
    "tensor",
    "param",
    "output",
    "loop",
    "until",
    "where",
    "and",
    "or",
    "empty",
    "unchanged",
    "true",
    "false",
    "inf",
];

/// Parses a whole program.
pub(super) fn parse(text: &str) -> Result<Program, Error> {
    let mut p = Parser {
        tokens: tokens(text)?,
        at: 0,
        text,
    };
    let mut program = Program::default();
    while p.peek() != &Tok::End {
        match p.peek_name() {
            Some("input" | "tensor") => program.declarations.push(p.declaration()?),
            Some("param") => program.params.push(p.param()?),
            Some("output") => {
                p.next();
                program.outputs.push(p.name()?);
                while p.eat(",") {
                    program.outputs.push(p.name()?);
                }
            }
            _ => program.body.push(p.statement()?),
        }
    }
    Ok(program)
}

struct Parser<'a> {
    tokens: Vec<Token>,
    at: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.tokens[self.at].tok
    }

    fn peek_at(&self, ahead: usize) -> &Tok {
        &self.tokens[(self.at + ahead).min(self.tokens.len() - 1)].tok
    }

    fn peek_name(&self) -> Option<&str> {
        match self.peek() {
            Tok::Name(n) => Some(n),
            _ => None,
        }
    }

    fn span(&self) -> Span {
        self.tokens[self.at].span
    }

    /// The span of the token just consumed.
    fn last(&self) -> Span {
        self.tokens[self.at.saturating_sub(1)].span
    }

    fn next(&mut self) -> Token {
        let t = self.tokens[self.at].clone();
        if t.tok != Tok::End {
            self.at += 1;
        }
        t
    }

    fn is(&self, sym: &str) -> bool {
        matches!(self.peek(), Tok::Sym(s) if *s == sym)
    }

    fn is_word(&self, word: &str) -> bool {
        self.peek_name() == Some(word)
    }

    fn eat(&mut self, sym: &str) -> bool {
        let found = self.is(sym);
        if found {
            self.next();
        }
        found
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.is_word(word);
        if found {
            self.next();
        }
        found
    }

    fn found(&self) -> String {
        match self.peek() {
            Tok::Name(n) => format!("'{n}'"),
            Tok::Int(i) => format!("'{i}'"),
            Tok::Float(x) => format!("'{x}'"),
            Tok::Sym(s) => format!("'{s}'"),
            Tok::End => "the end of the program".into(),
        }
    }

    fn expected(&self, what: &str) -> Error {
        Error::syntax(
            self.span(),
            format!("expected {what}, found {}", self.found()),
        )
    }

    fn expect(&mut self, sym: &str) -> Result<Span, Error> {
        if self.eat(sym) {
            Ok(self.last())
        } else {
            Err(self.expected(&format!("'{sym}'")))
        }
    }

    /// A name that is not a reserved word.
    fn name(&mut self) -> Result<Ident, Error> {
        match self.peek_name() {
            Some(n) if RESERVED.contains(&n) => Err(Error::new(
                ErrorKind::Name,
                self.span(),
                format!("'{n}' is a reserved word"),
            )),
            Some(n) => {
                let text = n.to_string();
                let span = self.next().span;
                Ok(Ident { text, span })
            }
            None => Err(self.expected("a name")),
        }
    }

    /// `declaration := ("input" | "tensor") NAME ["[" [NAME {"," NAME}] "]"] ":" TYPE ["empty" literal]`
    fn declaration(&mut self) -> Result<Declaration, Error> {
        let input = self.next().tok == Tok::Name("input".into());
        let name = self.name()?;
        let mut shape = Vec::new();
        if self.eat("[") && !self.eat("]") {
            shape.push(self.name()?);
            while self.eat(",") {
                shape.push(self.name()?);
            }
            self.expect("]")?;
        }
        self.expect(":")?;
        let ty = self.type_name()?;
        let empty = if self.eat_word("empty") {
            let span = self.span();
            Some((self.literal()?, span))
        } else {
            None
        };
        Ok(Declaration {
            input,
            name,
            shape,
            ty,
            empty,
        })
    }

    /// `param := "param" NAME ":" TYPE ["=" literal]`
    fn param(&mut self) -> Result<Param, Error> {
        self.next();
        let name = self.name()?;
        self.expect(":")?;
        let ty = self.type_name()?;
        let default = if self.eat("=") {
            Some(self.literal()?)
        } else {
            None
        };
        Ok(Param { name, ty, default })
    }

    fn type_name(&mut self) -> Result<TypeCode, Error> {
        let code = match self.peek_name() {
            Some("bool") => TypeCode::Bool,
            Some("int8") => TypeCode::Int8,
            Some("int16") => TypeCode::Int16,
            Some("int32") => TypeCode::Int32,
            Some("int64") => TypeCode::Int64,
            Some("uint8") => TypeCode::Uint8,
            Some("uint16") => TypeCode::Uint16,
            Some("uint32") => TypeCode::Uint32,
            Some("uint64") => TypeCode::Uint64,
            Some("fp32") => TypeCode::Fp32,
            Some("fp64") => TypeCode::Fp64,
            _ => return Err(self.expected("a type (bool, int8..int64, uint8..uint64, fp32, fp64)")),
        };
        self.next();
        Ok(code)
    }

    /// `literal := ["-"] (INT | FLOAT | "inf") | "true" | "false"`
    fn literal(&mut self) -> Result<Literal, Error> {
        let negative = self.eat("-");
        let value = match self.peek().clone() {
            Tok::Int(i) => Literal::Int(if negative { -i } else { i }),
            Tok::Float(x) => Literal::Float(if negative { -x } else { x }),
            Tok::Name(n) if n == "inf" => Literal::Float(if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }),
            Tok::Name(n) if !negative && (n == "true" || n == "false") => {
                Literal::Bool(n == "true")
            }
            _ => return Err(self.expected("a value")),
        };
        self.next();
        Ok(value)
    }

    /// `statement := equation | loop`
    fn statement(&mut self) -> Result<Statement, Error> {
        if self.is_word("loop") {
            return Ok(Statement::Loop(self.looped()?));
        }
        Ok(Statement::Equation(self.equation()?))
    }

    /// `loop := "loop" [NAME] ["max" INT] "{" {statement} "}" ["until" until]`
    fn looped(&mut self) -> Result<Loop, Error> {
        let span = self.next().span;
        let counter = match self.peek_name() {
            Some("max") | None => None,
            Some(_) => Some(self.name()?),
        };
        let max = if self.eat_word("max") {
            match self.next().tok {
                Tok::Int(n) if n >= 0 => Some(n as u64),
                _ => return Err(Error::syntax(self.last(), "expected a count after 'max'")),
            }
        } else {
            None
        };
        self.expect("{")?;
        let mut body = Vec::new();
        while !self.eat("}") {
            if self.peek() == &Tok::End {
                return Err(Error::syntax(span, "this loop has no closing '}'"));
            }
            body.push(self.statement()?);
        }
        let until = if self.eat_word("until") {
            Some(self.until()?)
        } else {
            None
        };
        if until.is_none() && max.is_none() {
            return Err(Error::syntax(
                span,
                "a loop needs 'max N' or an 'until' condition",
            ));
        }
        Ok(Loop {
            counter,
            max,
            body,
            until,
            span,
        })
    }

    /// `until := stop {"or" stop}`; `stop := ("empty" | "unchanged") "(" NAME ")" | expr CMP expr`
    fn until(&mut self) -> Result<Until, Error> {
        let mut any = vec![self.stop()?];
        while self.eat_word("or") {
            any.push(self.stop()?);
        }
        Ok(if any.len() == 1 {
            any.pop().unwrap()
        } else {
            Until::Any(any)
        })
    }

    fn stop(&mut self) -> Result<Until, Error> {
        for word in ["empty", "unchanged"] {
            if self.is_word(word) && self.peek_at(1) == &Tok::Sym("(") {
                self.next();
                self.next();
                let name = self.name()?;
                self.expect(")")?;
                return Ok(if word == "empty" {
                    Until::Empty(name)
                } else {
                    Until::Unchanged(name)
                });
            }
        }
        let lhs = self.expr()?;
        let cmp = self
            .comparison()
            .ok_or_else(|| self.expected("a comparison (== != < <= > >=)"))?;
        let rhs = self.expr()?;
        Ok(Until::Compare { lhs, cmp, rhs })
    }

    /// `equation := access ("=" | "<-") expr {"::" action {action} | "where" condition {"and" condition}}`
    fn equation(&mut self) -> Result<Equation, Error> {
        let start = self.span();
        let first = self.at;
        if self.peek_name().is_none() {
            return Err(self.expected("a declaration, an equation or a loop"));
        }
        let target = self.access()?;
        let populate = if self.eat("<-") {
            true
        } else if self.eat("=") {
            false
        } else {
            return Err(self.expected("'=' or '<-'"));
        };
        let rhs = self.expr()?;
        let (mut actions, mut filter) = (Vec::new(), Vec::new());
        loop {
            if self.eat("::") {
                if !actions.is_empty() {
                    return Err(Error::syntax(self.last(), "an equation has one '::' list"));
                }
                actions.push(self.action()?);
                while matches!(self.peek_name(), Some("map" | "reduce" | "populate"))
                    && self.peek_at(1) == &Tok::Sym("(")
                {
                    actions.push(self.action()?);
                }
            } else if self.eat_word("where") {
                if !filter.is_empty() {
                    return Err(Error::syntax(
                        self.last(),
                        "an equation has one 'where' clause",
                    ));
                }
                filter.push(self.condition()?);
                while self.eat_word("and") {
                    filter.push(self.condition()?);
                }
            } else {
                break;
            }
        }
        let end = self.last();
        let text = self.source_between(first, self.at);
        Ok(Equation {
            target,
            populate,
            rhs,
            actions,
            filter,
            span: start.to(end),
            text,
        })
    }

    /// The program text of tokens `from..to`, on one line.
    fn source_between(&self, from: usize, to: usize) -> String {
        let lines: Vec<&str> = self.text.lines().collect();
        let (a, b) = (self.tokens[from].span, self.tokens[to - 1].span);
        (a.line..=b.line)
            .map(|l| {
                let line = lines[l as usize - 1];
                let s = if l == a.line { a.col as usize - 1 } else { 0 };
                let e = if l == b.line {
                    (b.col + b.len - 1) as usize
                } else {
                    line.chars().count()
                };
                line.chars().skip(s).take(e - s).collect::<String>()
            })
            .map(|s| s.trim().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `action := ("map" | "reduce" | "populate") "(" NAME {"," NAME} ")"`;
    /// the names are ranks, then the operator, then a merge (`intersect` or `union`).
    fn action(&mut self) -> Result<Action, Error> {
        let start = self.span();
        let kind = match self.peek_name() {
            Some("map") => ActionKind::Map,
            Some("reduce") => ActionKind::Reduce,
            Some("populate") => ActionKind::Populate,
            _ => return Err(self.expected("an action: map(...), reduce(...) or populate(...)")),
        };
        self.next();
        self.expect("(")?;
        let mut names = vec![self.name()?];
        while self.eat(",") {
            names.push(self.name()?);
        }
        let end = self.expect(")")?;
        let merge = match names.last().map(|n| n.text.as_str()) {
            Some("intersect") => Some(Merge::Intersect),
            Some("union") => Some(Merge::Union),
            _ => None,
        }
        .map(|m| (m, names.pop().unwrap().span));
        let Some(op) = names.pop() else {
            return Err(Error::syntax(start.to(end), "the action names no operator"));
        };
        Ok(Action {
            kind,
            ranks: names,
            op,
            merge,
            span: start.to(end),
        })
    }

    /// `condition := "!" access | expr [CMP (expr | "empty")]`
    fn condition(&mut self) -> Result<Condition, Error> {
        if self.eat("!") {
            let bang = self.last();
            let a = self.access()?;
            let span = bang.to(a.span);
            return Ok(Condition::Falsy(a, span));
        }
        let lhs = self.expr()?;
        let Some(cmp) = self.comparison() else {
            return match lhs {
                Expr::Access(a) => Ok(Condition::Truthy(a)),
                other => Err(Error::syntax(
                    other.span(),
                    "a condition is a tensor point (T[i]), its negation (!T[i]) or a comparison",
                )),
            };
        };
        let rhs = if self.is_word("empty") {
            Operand::Empty(self.next().span)
        } else {
            Operand::Expr(self.expr()?)
        };
        let end = match &rhs {
            Operand::Empty(s) => *s,
            Operand::Expr(e) => e.span(),
        };
        let span = lhs.span().to(end);
        Ok(Condition::Compare {
            lhs,
            cmp,
            rhs,
            span,
        })
    }

    fn comparison(&mut self) -> Option<Cmp> {
        let cmp = match self.peek() {
            Tok::Sym("==") => Cmp::Eq,
            Tok::Sym("!=") => Cmp::Ne,
            Tok::Sym("<") => Cmp::Lt,
            Tok::Sym("<=") => Cmp::Le,
            Tok::Sym(">") => Cmp::Gt,
            Tok::Sym(">=") => Cmp::Ge,
            _ => return None,
        };
        self.next();
        Some(cmp)
    }

    /// `access := NAME "[" [index {"," index}] "]"`; `index := NAME | access`
    fn access(&mut self) -> Result<Access, Error> {
        let name = self.name()?;
        self.expect("[")?;
        let mut indices = Vec::new();
        if !self.eat("]") {
            loop {
                let index = if self.peek_at(1) == &Tok::Sym("[") {
                    Index::Indirect(Box::new(self.access()?))
                } else {
                    Index::Rank(self.name()?)
                };
                indices.push(index);
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let span = name.span.to(self.last());
        Ok(Access {
            name,
            indices,
            span,
        })
    }

    /// `expr := term {("+" | "-") term}`
    fn expr(&mut self) -> Result<Expr, Error> {
        let mut lhs = self.term()?;
        while let Some(op) = match self.peek() {
            Tok::Sym("+") => Some(Arith::Add),
            Tok::Sym("-") => Some(Arith::Sub),
            _ => None,
        } {
            let op_span = self.next().span;
            let rhs = self.term()?;
            lhs = binary(op, op_span, lhs, rhs);
        }
        Ok(lhs)
    }

    /// `term := unary {("*" | "/") unary}`
    fn term(&mut self) -> Result<Expr, Error> {
        let mut lhs = self.unary()?;
        while let Some(op) = match self.peek() {
            Tok::Sym("*") => Some(Arith::Mul),
            Tok::Sym("/") => Some(Arith::Div),
            _ => None,
        } {
            let op_span = self.next().span;
            let rhs = self.unary()?;
            lhs = binary(op, op_span, lhs, rhs);
        }
        Ok(lhs)
    }

    /// `unary := "-" unary | primary`; `primary := literal | NAME | access | "(" expr ")"`
    fn unary(&mut self) -> Result<Expr, Error> {
        if self.eat("-") {
            let minus = self.last();
            let e = self.unary()?;
            let span = minus.to(e.span());
            return Ok(Expr::Neg(Box::new(e), span));
        }
        if self.eat("(") {
            let e = self.expr()?;
            self.expect(")")?;
            return Ok(e);
        }
        let span = self.span();
        match self.peek().clone() {
            Tok::Int(i) => {
                self.next();
                Ok(Expr::Literal(Literal::Int(i), span))
            }
            Tok::Float(x) => {
                self.next();
                Ok(Expr::Literal(Literal::Float(x), span))
            }
            Tok::Name(n) if matches!(n.as_str(), "true" | "false" | "inf") => {
                Ok(Expr::Literal(self.literal()?, span))
            }
            Tok::Name(_) if self.peek_at(1) == &Tok::Sym("[") => Ok(Expr::Access(self.access()?)),
            Tok::Name(_) => Ok(Expr::Name(self.name()?)),
            _ => Err(self.expected("a tensor, a value or a name")),
        }
    }
}

fn binary(op: Arith, op_span: Span, lhs: Expr, rhs: Expr) -> Expr {
    Expr::Binary {
        op,
        op_span,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    }
}
