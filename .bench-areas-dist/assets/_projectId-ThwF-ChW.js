import{a as e}from"./page-kit-BK7BSBqU.js";var t=e;export{t as errorComponent};
//# sourceMappingURL=_projectId-ThwF-ChW.js.map