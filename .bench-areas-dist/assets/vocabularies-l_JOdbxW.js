var e=[`es`,`en`],t=[`client`,`admin`,`super_admin`];export{t as n,e as t};
//# sourceMappingURL=vocabularies-l_JOdbxW.js.map