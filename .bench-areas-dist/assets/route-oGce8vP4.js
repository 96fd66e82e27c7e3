import{t as e}from"./guard-screens-Dtf6HZjX.js";var t=e;export{t as errorComponent};
//# sourceMappingURL=route-oGce8vP4.js.map