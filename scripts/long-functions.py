#!/usr/bin/env python3
"""Counts Rust functions over 80 lines (issue #36, item 5).

    python3 scripts/long-functions.py src [PREFIX ...]

A function is a `fn NAME` item with a body: from the first `{` after its
signature to the matching `}` (strings, chars and comments skipped), its
length counted from the `fn` line to the closing brace; nested functions
count on their own too. Prints the count per thousand lines of the
folder's `.rs` files, then the long functions (those whose path, relative
to the folder, starts with a PREFIX, when some are given).

A function whose comments just above it (doc comments, plain comments and
attributes up to the `fn` line) say it "reads better whole" is one
`match` over a grammar's cases, which issue #36 allows over 80 lines: it
is listed apart and not counted."""
import os, re, sys
def strip(src):
    out=[];i=0;n=len(src)
    while i<n:
        c=src[i]
        if src.startswith('//',i):
            j=src.find('\n',i); j=n if j<0 else j; out.append(' '*(j-i)); i=j; continue
        if src.startswith('/*',i):
            d=1;j=i+2
            while j<n and d:
                if src.startswith('/*',j): d+=1;j+=2
                elif src.startswith('*/',j): d-=1;j+=2
                else: j+=1
            out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j; continue
        m=re.match(r'b?r(#*)"',src[i:i+10])
        if m and (i==0 or not (src[i-1].isalnum() or src[i-1]=='_')):
            end='"'+m.group(1); j=src.find(end,i+len(m.group(0)))
            j=n if j<0 else j+len(end); out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j; continue
        if c=='"':
            j=i+1
            while j<n and src[j]!='"':
                j+= 2 if src[j]=='\\' else 1
            j+=1; out.append(re.sub(r'[^\n]',' ',src[i:j])); i=j; continue
        if c=="'":
            m=re.match(r"'(\\.[^']*|[^'\\])'",src[i:i+12])
            if m: out.append(' '*len(m.group(0))); i+=len(m.group(0)); continue
        out.append(c); i+=1
    return ''.join(out)
def funcs(path):
    s=strip(open(path).read())
    res=[]
    for m in re.finditer(r'\bfn\s+(\w+)',s):
        j=m.end(); depth=0
        # find body start: first '{' at paren depth 0, or ';' (no body)
        p=0
        while j<len(s):
            ch=s[j]
            if ch in '(<[': p+=1
            elif ch in ')>]': p-=1
            elif ch==';' and p<=0: j=-1;break
            elif ch=='{' and p<=0: break
            j+=1
        if j<0 or j>=len(s): continue
        d=0;k=j
        while k<len(s):
            if s[k]=='{': d+=1
            elif s[k]=='}':
                d-=1
                if d==0: break
            k+=1
        a=s.count('\n',0,m.start())+1; b=s.count('\n',0,k)+1
        res.append((m.group(1),a,b-a+1))
    return res
root=sys.argv[1]; only=sys.argv[2:] 
def exempt(path, line):
    lines=open(path).read().split('\n'); i=line-2
    while i>=0:
        t=lines[i].strip()
        if not (t.startswith('//') or t.startswith('#[')): break
        if 'reads better whole' in t: return True
        i-=1
    return False
tot_lines=0; long=[]; whole=[]
for dp,dn,fn in os.walk(root):
    for f in fn:
        if not f.endswith('.rs'): continue
        p=os.path.join(dp,f); tot_lines+=sum(1 for _ in open(p))
        for name,a,l in funcs(p):
            if l>80:
                (whole if exempt(p,a) else long).append((os.path.relpath(p,root),name,a,l))
print(f"{len(long)} functions over 80 lines in {tot_lines} lines: {1000*len(long)/tot_lines:.2f} per thousand")
print(f"{len(whole)} more, each one match over a grammar's cases, said to read better whole")
for x in sorted(whole):
    if not only or any(x[0].startswith(o) for o in only): print('  whole:',*x)
for x in sorted(long):
    if not only or any(x[0].startswith(o) for o in only): print(*x)
