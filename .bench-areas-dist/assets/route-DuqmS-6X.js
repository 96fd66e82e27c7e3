import{t as e}from"./guard-screens-Dtf6HZjX.js";var t=e;export{t as errorComponent};
//# sourceMappingURL=route-DuqmS-6X.js.map