var e=86400;export{e as t};
//# sourceMappingURL=policy-Cyjbaez9.js.map