import{q as e}from"./site-B-YP15mz.js";var t=(t,n)=>({loaderData:r})=>e(r?.name?t(r.name):n);export{t};
//# sourceMappingURL=named-page-head-DAKrBtAl.js.map