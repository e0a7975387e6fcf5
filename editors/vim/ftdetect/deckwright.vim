autocmd BufRead,BufNewFile *.deck setfiletype deckwright
