"""The matching core, shared by the server (`kb.matching`) and the offline client: no Django here."""
