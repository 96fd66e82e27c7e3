import{p as e}from"./framework-sIkdp7DD.js";var t=e;export{t as component};
//# sourceMappingURL=route-DttUZypV.js.map