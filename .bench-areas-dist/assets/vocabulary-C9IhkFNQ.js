var e=[`deliverable`,`specification`,`data`,`contract`,`other`];export{e as t};
//# sourceMappingURL=vocabulary-C9IhkFNQ.js.map